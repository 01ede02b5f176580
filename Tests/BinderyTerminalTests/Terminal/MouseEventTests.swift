import Testing
@testable import BinderyTerminal

/// The events SGR mouse reports stand for: button codes, modifiers, motions, wheels.
@Suite struct MouseEventTests {
    @Test("Button codes, motion and release map to actions and buttons; cells count from 0",
          arguments: [
              (0, false, MouseEvent.Action.press, MouseEvent.Button.left),
              (1, false, .press, .middle),
              (2, false, .press, .right),
              (0, true, .release, .left),
              (32, false, .drag, .left),
              (34, false, .drag, .right),
              (64, false, .press, .wheelUp),
              (65, false, .press, .wheelDown),
              (4 + 8 + 16, false, .press, .left),   // Shift, Alt and Ctrl do not change the event
          ])
    func codes(_ code: Int, _ isRelease: Bool, _ action: MouseEvent.Action, _ button: MouseEvent.Button) throws {
        let event = try #require(MouseEvent(sgrCode: code, column: 15, row: 13, isRelease: isRelease))
        #expect(event == MouseEvent(action, button, at: Point(column: 14, row: 12)))
    }

    @Test("Reports that mean nothing here are no event",
          arguments: [
              (35, 1, 1, false),    // a motion with no button held (mode 1003)
              (3, 1, 1, false),     // the legacy "released" code
              (66, 1, 1, false),    // a sideways wheel
              (96, 1, 1, false),    // a wheel "dragged"
              (64, 1, 1, true),     // a wheel "released"
              (128, 1, 1, false),   // extra buttons
              (-1, 1, 1, false),
              (0, 0, 1, false),     // no column 0
              (0, 1, 0, false),
          ])
    func meaningless(_ code: Int, _ column: Int, _ row: Int, _ isRelease: Bool) {
        #expect(MouseEvent(sgrCode: code, column: column, row: row, isRelease: isRelease) == nil)
    }
}
