/// Transformers registered by name, for `transformed(byName:)` and string bindings
/// (`"name ~> label.text | Uppercase"`). Registration is explicit: no class is looked up at
/// run time.
final class TransformerRegistry: @unchecked Sendable {
    // @unchecked: `entries` is read and written only with `lock` held.
    static let shared = TransformerRegistry()

    /// A registered transformer: a synchronous one, or an async one.
    enum Entry: @unchecked Sendable {
        // @unchecked: both payloads are `Sendable` transformers; the existentials lose it.
        case sync(any Transformer)
        case async(any AsyncTransformer)

        /// The transformer's type, for diagnostics.
        var typeName: String {
            switch self {
            case .sync(let transformer): "\(type(of: transformer))"
            case .async(let transformer): "\(type(of: transformer))"
            }
        }
    }

    private let lock = Lock()
    @exclusivity(unchecked) private var entries: [String: Entry] = [:]

    func register(_ entry: Entry, as name: String) {
        lock.withLock { entries[name] = entry }
    }

    func entry(named name: String) -> Entry? {
        lock.withLock { entries[name] }
    }

    /// Every registered name, for suggestions.
    var names: [String] { lock.withLock { Array(entries.keys) } }
}

extension Bind {
    /// Registers `transformer` under `name`, replacing any transformer registered under it.
    ///
    /// The transformer is held for the life of the process (or until another is registered
    /// under the same name). Names are looked up by `transformed(byName:)` and by string
    /// bindings.
    ///
    /// - Parameters:
    ///   - transformer: The transformer.
    ///   - name: Its name, as string bindings write it after `|`.
    ///
    /// ```swift
    /// Bind.register(Uppercase(), as: "Uppercase")
    /// ```
    public static func register(_ transformer: some Transformer, as name: String) {
        TransformerRegistry.shared.register(.sync(transformer), as: name)
    }

    /// Registers an async transformer under `name`, replacing any transformer registered under
    /// it. It can be used by one-way bindings only.
    ///
    /// - Parameters:
    ///   - transformer: The transformer, held for the life of the process.
    ///   - name: Its name.
    ///
    /// ```swift
    /// Bind.register(AvatarLoader(), as: "AvatarLoader")
    /// ```
    public static func register(_ transformer: some AsyncTransformer, as name: String) {
        TransformerRegistry.shared.register(.async(transformer), as: name)
    }
}
