/// The functions a transformer stands for between two types: its transform (or its reverse),
/// bridged by automatic conversion at both ends. Made once per binding, at bind time.
@usableFromInline
enum TransformerFunctions {
    /// `From` → `To` through `transformer.transform`; nil when either end does not convert.
    @usableFromInline
    static func forward<T: Transformer, From, To>(_ transformer: T, from: From.Type, to: To.Type) -> ((From) -> To)? {
        guard let input = Conversion.adapter(from: From.self, to: T.Input.self),
              let output = Conversion.adapter(from: T.Output.self, to: To.self)
        else { return nil }
        return { output(transformer.transform(input($0))) }
    }

    /// `From` → `To` through `transformer`, or through its reverse when `reversed`; nil when
    /// either end does not convert.
    static func through<T: ReversibleTransformer, From, To>(
        _ transformer: T, reversed: Bool, from: From.Type, to: To.Type
    ) -> ((From) -> To)? {
        guard reversed else { return forward(transformer, from: From.self, to: To.self) }
        guard let input = Conversion.adapter(from: From.self, to: T.Output.self),
              let output = Conversion.adapter(from: T.Input.self, to: To.self)
        else { return nil }
        return { output(transformer.reverseTransform(input($0))) }
    }

    /// The functions of a registered synchronous transformer for a binding from `From` to
    /// `To`: forward (`transform`, or the reverse when `reversed`) and, for a two-way binding,
    /// back. Nil when the transformer cannot serve: no reverse where one is needed, or types
    /// that do not convert.
    static func registered<From, To>(
        _ transformer: any Transformer, reversed: Bool, twoWay: Bool, from: From.Type, to: To.Type
    ) -> (forward: (From) -> To, backward: ((To) -> From)?)? {
        if let reversible = transformer as? any ReversibleTransformer {
            return pair(reversible, reversed: reversed, twoWay: twoWay, from: From.self, to: To.self)
        }
        guard !reversed, !twoWay, let forward = openForward(transformer, from: From.self, to: To.self) else { return nil }
        return (forward, nil)
    }

    private static func openForward<T: Transformer, From, To>(_ transformer: T, from: From.Type, to: To.Type) -> ((From) -> To)? {
        forward(transformer, from: From.self, to: To.self)
    }

    private static func pair<T: ReversibleTransformer, From, To>(
        _ transformer: T, reversed: Bool, twoWay: Bool, from: From.Type, to: To.Type
    ) -> (forward: (From) -> To, backward: ((To) -> From)?)? {
        guard let forward = through(transformer, reversed: reversed, from: From.self, to: To.self) else { return nil }
        guard twoWay else { return (forward, nil) }
        guard let backward = through(transformer, reversed: !reversed, from: To.self, to: From.self) else { return nil }
        return (forward, backward)
    }
}
