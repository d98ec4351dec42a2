/// The numbers of the files each key names, in the order they were added, with a key that
/// names one file holding its number inline: nearly every key names one file, and an array
/// for each was two fifths of a large vault's link index.
struct Postings: Sendable {
    /// The files one key names.
    enum Matches {
        case none
        case one(Int)
        case many([Int32])

        /// The first file added under the key.
        var first: Int? {
            switch self {
            case .none: nil
            case .one(let number): number
            case .many(let numbers): numbers.first.map(Int.init)
            }
        }

        /// Every file under the key, in the order added.
        var all: [Int] {
            switch self {
            case .none: []
            case .one(let number): [number]
            case .many(let numbers): numbers.map(Int.init)
            }
        }
    }

    /// A number at or above zero is the key's one file; below, `~n` is its place in `lists`.
    private var numbers: [String: Int32] = [:]
    private var lists: [[Int32]] = []

    mutating func add(_ number: Int, for key: String) {
        let number = Int32(number)
        guard let slot = numbers.index(forKey: key) else {
            numbers[key] = number
            return
        }
        let held = numbers.values[slot]
        if held >= 0 {
            lists.append([held, number])
            numbers.values[slot] = ~Int32(lists.count - 1)
        } else {
            lists[Int(~held)].append(number)
        }
    }

    subscript(key: String) -> Matches {
        guard let held = numbers[key] else { return .none }
        return held >= 0 ? .one(Int(held)) : .many(lists[Int(~held)])
    }
}
