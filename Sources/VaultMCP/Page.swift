import VaultRPC

/// A window on a long list of results (`offset` and `limit` arguments), so that an answer
/// stays small and the rest is asked for, never cut: the answer says where the next page
/// starts (`nextOffset`).
struct Page {
    let offset: Int
    let limit: Int

    /// The `offset` and `limit` properties a paged tool takes.
    static func properties(defaultLimit: Int, what: String) -> [ToolSchema.Property] {
        [
            .optional("limit", .integer, "at most this many \(what) (default \(defaultLimit), at most \(maximum))"),
            .optional("offset", .integer, "skip this many \(what) first, to read the next page (the nextOffset of the last answer)"),
        ]
    }

    static let maximum = 1000

    init(_ arguments: ToolArguments, defaultLimit: Int) throws(RPCError) {
        offset = try arguments.int("offset", otherwise: 0) ?? 0
        limit = try arguments.int("limit", otherwise: defaultLimit, in: 1...Self.maximum) ?? defaultLimit
    }

    /// How many results to ask the library for: one more than the page, to know whether
    /// there is a next one.
    var wanted: Int { offset + limit + 1 }

    /// Where the next page starts, when `total` results go past this one.
    func next(total: Int) -> Int? { offset + limit < total ? offset + limit : nil }

    /// The page of `all`, and where the next page starts when there is one.
    func cut<T>(_ all: [T]) -> (items: ArraySlice<T>, next: Int?) {
        let start = min(offset, all.count)
        let end = min(start + limit, all.count)
        return (all[start..<end], end < all.count ? end : nil)
    }

    /// The line that tells the model how to read on, when there is more.
    static func more(_ next: Int?, total: Int? = nil) -> String {
        guard let next else { return "" }
        return "\n(more" + (total.map { ": \($0) in all" } ?? "") + "; call again with offset \(next))"
    }
}
