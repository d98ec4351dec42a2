import Glibc

/// The numbers of the files each key names, in the order they were added, with a key that
/// names one file holding its number inline: nearly every key names one file, and an array
/// for each was two fifths of a large vault's link index.
///
/// The keys' bytes are kept one after another and found through a table of their numbers
/// by hash, not as a string apiece in a dictionary: at 100,000 notes the strings and the
/// dictionary slots were 15 MB of a `check`'s highest point. Keys are compared by their
/// bytes: the index adds and looks up `collisionKey`s, which are NFC already.
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

    /// Every key's bytes, one after another: key `k` is `bytes[starts[k]..<starts[k + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [UInt32] = [0]
    /// For each key, a number at or above zero is its one file; below, `~n` is its place in `lists`.
    private var numbers: [Int32] = []
    private var lists: [[Int32]] = []
    /// Key numbers by hash, open addressing; -1 for an empty slot. At most three quarters full.
    private var slots = [Int32](repeating: -1, count: 64)

    mutating func add(_ number: Int, for key: String) {
        let number = Int32(number)
        var key = key
        key.withUTF8 { key in
            let (slot, found) = find(key)
            guard let found else {
                slots[slot] = Int32(numbers.count)
                bytes.append(contentsOf: key)
                starts.append(UInt32(bytes.count))
                numbers.append(number)
                if numbers.count * 4 > slots.count * 3 { grow() }
                return
            }
            let held = numbers[found]
            if held >= 0 {
                lists.append([held, number])
                numbers[found] = ~Int32(lists.count - 1)
            } else {
                lists[Int(~held)].append(number)
            }
        }
    }

    subscript(key: String) -> Matches {
        var key = key
        guard let found = key.withUTF8({ find($0).found }) else { return .none }
        let held = numbers[found]
        return held >= 0 ? .one(Int(held)) : .many(lists[Int(~held)])
    }

    /// The slot where `key` is, or where it would go, and its number when it is there.
    private func find(_ key: UnsafeBufferPointer<UInt8>) -> (slot: Int, found: Int?) {
        var slot = Int(Self.hash(key)) & (slots.count - 1)
        while true {
            let number = Int(slots[slot])
            if number < 0 { return (slot, nil) }
            if holds(number, key) { return (slot, number) }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    /// True when key `number` is exactly `key`.
    private func holds(_ number: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[number])
        let count = Int(starts[number + 1]) - start
        guard count == key.count else { return false }
        guard count > 0 else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, key.baseAddress!, count) == 0 }
    }

    /// Doubles the slots and places every key again.
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        bytes.withUnsafeBufferPointer { bytes in
            for number in numbers.indices {
                let start = Int(starts[number])
                let key = UnsafeBufferPointer(rebasing: bytes[start..<Int(starts[number + 1])])
                var slot = Int(Self.hash(key)) & mask
                while slots[slot] >= 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(number)
            }
        }
    }

    /// FNV-1a, whose low bits mix well: keys are short, and the slots far fewer than 2^32.
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var wide: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { wide = (wide ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return UInt32(truncatingIfNeeded: wide)
    }
}
