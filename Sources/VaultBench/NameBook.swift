/// The names already given in a vault, so that every note's name is unique the way the
/// file systems of its users see it (case-insensitive).
struct NameBook {
    private var taken = Set<String>()

    /// `name`, or `name 2`, `name 3`... when that name is taken.
    mutating func claim(_ name: String) -> String {
        var candidate = name
        var number = 2
        while !taken.insert(candidate.lowercased()).inserted {
            candidate = name + " " + String(number)
            number += 1
        }
        return candidate
    }
}
