import Testing
@testable import Bindery

/// A `@Dynamic` class that others inherit from.
@Dynamic class Vehicle: @unchecked Sendable {
    var name = ""
    var speed = 0
}

/// A `@Dynamic` subclass: it reuses `Vehicle`'s registrar and adds slots after `Vehicle`'s.
@Dynamic class Car: Vehicle, @unchecked Sendable {
    var doors = 4
    var plate = ""
}

/// A `@Dynamic` subclass two levels down, final.
@Dynamic final class RaceCar: Car, @unchecked Sendable {
    var team = ""
}

/// A plain subclass of a `@Dynamic` class: it adds no observable properties.
final class Bike: Vehicle, @unchecked Sendable {
    var bell = false
}

/// Holds a car that may be missing: routes to it are optional-chained.
@Dynamic final class Garage: @unchecked Sendable {
    var car: Car? = nil
}

/// `@Dynamic` on subclasses, and plain subclasses of `@Dynamic` classes.
@Suite(.failOnUnexpectedDiagnostics) struct InheritanceTests {
    @Test("Rule 1: a @Dynamic subclass's inherited and new properties both propagate, through the subclass's key paths")
    func subclassPropertiesPropagate() {
        let car = Car()
        let nameLabel = Label(), doorsLabel = Label()
        Bind.in(car, \Car.name).out(nameLabel, \.text)
        Bind.in(car, \Car.doors).out(doorsLabel, \.text)
        #expect(doorsLabel.text == "4")
        car.name = "Mini"
        car.doors = 2
        #expect(nameLabel.text == "Mini")
        #expect(doorsLabel.text == "2")
    }

    @Test("Rule 1: a subclass's slots never collide with its superclass's")
    func slotsDoNotCollide() {
        let car = RaceCar()
        let speed = Label(), doors = Label(), team = Label()
        Bind.in(car, \.speed).out(speed, \.number)
        Bind.in(car, \.doors).out(doors, \.number)
        Bind.in(car, \.team).out(team, \.text)
        speed.writes = 0
        car.plate = "X"          // Car's second slot: listened to by nobody.
        car.name = "Y"           // Vehicle's first slot: nobody either.
        #expect(speed.number == 0 && doors.number == 4 && team.text == "")
        car.doors = 3
        #expect(doors.number == 3 && speed.number == 0)
        car.team = "red"
        #expect(team.text == "red" && doors.number == 3)
        car.speed = 9
        #expect(speed.number == 9 && doors.number == 3 && team.text == "red")

        let slots = RaceCar._$dynamicProperties.compactMap(\.slot)
        #expect(slots == Array(0..<5))
        #expect(RaceCar._$dynamicProperties.map(\.name) == ["name", "speed", "doors", "plate", "team"])
    }

    @Test("Rule 1: the superclass's key path binds a subclass object too")
    func superclassKeyPathOnSubclassObject() {
        let car: Vehicle = Car()
        let label = Label()
        Bind.in(car, \Vehicle.speed).out(label, \.number)
        car.speed = 80
        #expect(label.number == 80)
    }

    @Test("Rule 1: a plain subclass of a @Dynamic class binds its inherited properties")
    func plainSubclass() {
        let bike = Bike()
        let label = Label()
        let log = DiagnosticLog()
        _ = log.capture {
            Bind.in(bike, \Bike.name).out(label, \.text)
        }
        #expect(log.all.isEmpty)
        bike.name = "BMX"
        #expect(label.text == "BMX")
        #expect(Bind.isBound(bike))
    }

    @Test("Rule 1: a subclass object leaves its chains when it deinitialises")
    func subclassLifetime() {
        weak var weakCar: RaceCar?
        let label = Label()
        do {
            let car = RaceCar()
            weakCar = car
            Bind.in(car, \.team).out(label, \.text)
            car.team = "blue"
        }
        #expect(weakCar == nil)
        #expect(label.text == "blue")
    }

    @Test("Rule 1: of two key paths of the same type through the same classes, only the one bound is heard")
    func sameTypeKeyPathsDistinct() {
        let first = User(name: "first"), second = User(name: "second")
        let pair = Pair(first: first, second: second)
        let label = Label()
        Bind.in(pair, \.second.name).out(label, \.text)
        #expect(label.text == "second")
        first.name = "changed"
        #expect(label.text == "second")
        second.name = "heard"
        #expect(label.text == "heard")
        pair.first = User(name: "replaced")
        #expect(label.text == "heard")
    }

    @Test("Rule 1: an optional chain reaches inherited and new properties of a non-final @Dynamic class")
    func optionalChainIntoSubclass() {
        let garage = Garage()
        let name = Label(), doors = Label()
        Bind.in(garage, \.car?.name).out(name, \.text)
        Bind.in(garage, \.car?.doors).out(doors, \.number)
        #expect(name.text == nil)
        let car = RaceCar()
        garage.car = car
        #expect(doors.number == 4)
        car.name = "Mini"
        car.doors = 2
        #expect(name.text == "Mini")
        #expect(doors.number == 2)
    }

}

/// Two links of the same type.
@Dynamic final class Pair: @unchecked Sendable {
    var first: User
    var second: User
    init(first: User, second: User) {
        self.first = first
        self.second = second
    }

}
