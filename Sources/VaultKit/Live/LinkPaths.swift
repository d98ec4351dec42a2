/// The paths links lead to or are written in, each by a number that stays its own while the
/// vault is open, so that what is kept of every link holds four bytes, not a string.
struct LinkPaths: Sendable {
    private var paths: [String] = []
    private var numbers: [String: Int32] = [:]

    init() {}

    /// A table of `paths` (the notes and attachments of a walk), numbered in that order.
    init(_ paths: [String]) {
        numbers.reserveCapacity(paths.count)
        for path in paths where numbers[path] == nil {
            numbers[path] = Int32(self.paths.count)
            self.paths.append(path)
        }
    }

    /// The number of `path`, when it has one.
    func known(_ path: String) -> Int32? { numbers[path] }

    /// The number of `path`, given it now when it had none.
    mutating func id(_ path: String) -> Int32 {
        if let number = numbers[path] { return number }
        let number = Int32(paths.count)
        numbers[path] = number
        paths.append(path)
        return number
    }

    /// The path numbered `number`.
    subscript(_ number: Int32) -> String { paths[Int(number)] }
}
