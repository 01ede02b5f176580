import Testing
import Bindery

/// rule 11: misuse at bind time and bad data at run time are reported, never trapped.
@Suite(.failOnUnexpectedDiagnostics) struct BindingDiagnosticTests {
    @Test("Rule 11: a receiver whose type does not convert is refused, naming object, key path and rule")
    func misuseNamesObjectKeyPathRule() throws {
        let log = DiagnosticLog()
        let box = Box()
        let panel = Panel()
        log.capture {
            Bind.in(box, \.int).out(panel, \.background)
        }
        #expect(log.all.count == 1)
        let diagnostic = try #require(log.all.first)
        #expect(diagnostic.kind == .misuse)
        #expect(diagnostic.rule == .badInput)
        #expect(diagnostic.message.contains("Panel.background"))
        #expect(diagnostic.message.contains("conversion table"))
        #expect(diagnostic.description.hasPrefix("Bindery (misuse, bad input): cannot bind Panel.background"))
        #expect(!Bind.isBound(panel))
    }

    @Test("Rule 11: a two-way endpoint needs both directions of conversion")
    func twoWayNeedsBothDirections() {
        let log = DiagnosticLog()
        let box = Box(), other = Box()
        log.capture {
            Bind.inout(box, \.color).inout(other, \.int)
        }
        #expect(log.all.count == 1)
        #expect(!Bind.isBound(other))
    }

    @Test("Rule 11: an index out of range skips that receiver and reports it")
    func indexOutOfRange() {
        let log = DiagnosticLog()
        let lottery = Lottery()
        let source = Box()
        let label = Label()
        log.capture {
            Bind.in(source, \.int).out(lottery, \.digits, index: 7).out(label, \.text)
            source.int = 3
        }
        #expect(label.text == "3")
        #expect(lottery.digits == [0, 0, 0])
        #expect(log.all.contains { $0.kind == .badData && $0.message.contains("digits") })
    }

    @Test("Rule 11: a sender whose index falls out of range skips the change and reports it")
    func senderIndexOutOfRange() {
        let log = DiagnosticLog()
        let lottery = Lottery()
        let label = Label()
        log.capture {
            Bind.in(lottery, \.digits, index: 2).out(label, \.text)
            lottery.digits = [1]
        }
        #expect(label.text == "0")
        #expect(log.all.count == 1)
        #expect(log.all.first?.kind == .badData)
        #expect(log.all.first?.message.contains("digits[2]") == true)
    }

    @Test("The process-wide handler can be replaced and restored; a scoped handler wins over it")
    func globalHandler() async {
        let log = DiagnosticLog()
        Bind.setDiagnosticsHandler { log.record($0) }
        defer { Bind.setDiagnosticsHandler(nil) }
        // A scoped handler wins over the global one.
        let scoped = DiagnosticLog()
        scoped.capture {
            Bind.in(Box(), \.int).out(Panel(), \.background)
        }
        #expect(scoped.all.count == 1)
        #expect(!log.all.contains { $0.message.contains("Panel") })
        // Outside any scoped handler (a detached task inherits none), the global one hears it.
        await Task.detached {
            _ = Bind.in(Box(), \.double).out(Panel(), \.background)
        }.value
        #expect(log.all.contains { $0.kind == .misuse && $0.message.contains("Panel") })
    }
}

extension BindingDiagnosticTests {
    @Test("Rule 10: the diagnostics handler runs with no Bindery lock held, so it may call Bindery")
    func handlerMayCallBindery() {
        let a = Box(), b = Box()
        let log = DiagnosticLog()
        let label = Label()
        Bind.in(b, \.int).out(label, \.text)
        Bind.withDiagnosticsHandler({ diagnostic in
            _ = Bind.isBound(label)       // takes the lock: it must not be held here
            log.record(diagnostic)
        }) {
            // A join whose chains' types cannot convert is found inside the graph's critical
            // section: b's chain (Int, with a String? label) cannot become a chain of Color.
            Bind.inout(a, \.color).inout(b, \.int, convert: { $0.name.count }, reverse: { Color(name: "\($0)") })
        }
        #expect(log.all.count == 1)
        #expect(log.all.first?.rule == .join)
    }
}
