/// Where a feature hands its results, one at a time, in the order they are shown, as it finds
/// them (as ripgrep's searcher pushes each match into a `Sink`).
///
/// A command's printer is a sink, so output starts with the first result and memory does not
/// grow with the vault; a test's sink records what arrives and when.
public protocol ResultSink<Element> {
    associatedtype Element
    /// Takes the next result. Returns false to end the work early (a limit reached): nothing
    /// more is read and nothing more arrives.
    mutating func receive(_ element: consuming Element) -> Bool
}

/// A sink that keeps every result, for callers that want them all at once.
public struct CollectingSink<Element>: ResultSink {
    /// The results, in the order they arrived.
    public var elements: [Element] = []

    public init() {}

    public mutating func receive(_ element: consuming Element) -> Bool {
        elements.append(element)
        return true
    }
}

/// A sink made of a closure: `ClosureSink { print($0); return true }`.
public struct ClosureSink<Element>: ResultSink {
    let body: (consuming Element) -> Bool

    public init(_ body: @escaping (consuming Element) -> Bool) {
        self.body = body
    }

    public mutating func receive(_ element: consuming Element) -> Bool {
        body(element)
    }
}
