extension FuzzyMatcher {
    /// Storage reused from one match to the next, so matching a million lines allocates
    /// nothing per line.
    final class Scratch {
        private(set) var rowZero = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        private(set) var runZero = UnsafeMutablePointer<Int16>.allocate(capacity: 1)
        private(set) var bonuses = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        private(set) var firsts = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        private(set) var scores = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        private(set) var runs = UnsafeMutablePointer<Int16>.allocate(capacity: 1)
        /// `FuzzyScoring`'s bonus table, copied where the hot loop reaches it without a lookup
        /// of the global.
        let bonusTable: UnsafeMutablePointer<Int32> = {
            let table = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
            table.initialize(from: FuzzyScoring.bonusTable, count: 64)
            return table
        }()
        private var columns = 1
        private var rows = 1
        private var cells = 1
        /// For `bound`: the rows of `maskedPattern` each ASCII character is in, as bits.
        private let masks = UnsafeMutablePointer<UInt64>.allocate(capacity: 128)
        private var maskedPattern: [UInt32] = []
        /// For `bound`: per pattern character (at most 64).
        let boundRows = BoundRows()

        /// For `bound`: the places of a line's pattern characters and their rows.
        private var placeStore = Places(capacity: 256)

        /// Room for `count` places.
        func places(_ count: Int) -> Places {
            if count > placeStore.capacity {
                placeStore.deallocate()
                placeStore = Places(capacity: max(count, placeStore.capacity * 2))
            }
            return placeStore
        }

        /// Where `bound` gathers a line's pattern characters before visiting them.
        struct Places {
            let capacity: Int
            let indices: UnsafeMutablePointer<Int32>
            let masks: UnsafeMutablePointer<UInt64>

            init(capacity: Int) {
                self.capacity = capacity
                indices = .allocate(capacity: capacity)
                masks = .allocate(capacity: capacity)
            }

            func deallocate() {
                indices.deallocate()
                masks.deallocate()
            }
        }

        /// What `bound` keeps per pattern character, in slot row + 1 (see `bound`).
        struct BoundRows {
            /// The slot written for a character of no row.
            static let sink = 65
            /// The earliest and latest place it can stand in a match.
            let first = BoundRows.slots(Int.max)
            let last = BoundRows.slots(Int.min)
            /// Its best bonus there.
            let best = BoundRows.bonuses()
            /// Its best bonus right after the character before, in a run (-1: never there).
            let inRun = BoundRows.bonuses()
            /// The best bonus along the run of places that ends at its last place seen.
            let chain = BoundRows.bonuses()
            /// Its last place seen.
            let seen = BoundRows.slots(0)
            /// The shortest distance (more than 1) from the character before to it.
            let gap = BoundRows.slots(0)

            private static func bonuses() -> UnsafeMutablePointer<Int32> {
                let slots = UnsafeMutablePointer<Int32>.allocate(capacity: sink + 1)
                slots.initialize(repeating: 0, count: sink + 1)
                return slots
            }

            private static func slots(_ value: Int) -> UnsafeMutablePointer<Int> {
                let slots = UnsafeMutablePointer<Int>.allocate(capacity: sink + 1)
                slots.initialize(repeating: value, count: sink + 1)
                return slots
            }

            func deallocate() {
                first.deallocate()
                last.deallocate()
                best.deallocate()
                inRun.deallocate()
                chain.deallocate()
                seen.deallocate()
                gap.deallocate()
            }
        }

        /// The row bits of each ASCII character for `pattern` (at most 64 characters), made
        /// again only when the pattern changes.
        func rowMasks(_ pattern: [UInt32]) -> UnsafePointer<UInt64> {
            if pattern != maskedPattern {
                masks.update(repeating: 0, count: 128)
                for (row, char) in pattern.enumerated() where char < 128 { masks[Int(char)] |= 1 << UInt64(row) }
                maskedPattern = pattern
            }
            return UnsafePointer(masks)
        }

        func reserve(columns: Int, rows: Int, cells: Int) {
            if columns > self.columns {
                self.columns = max(columns, self.columns * 2)
                Self.grow(&rowZero, self.columns)
                Self.grow(&runZero, self.columns)
                Self.grow(&bonuses, self.columns)
            }
            if rows > self.rows {
                self.rows = max(rows, self.rows * 2)
                Self.grow(&firsts, self.rows)
            }
            if cells > self.cells {
                self.cells = max(cells, self.cells * 2)
                Self.grow(&scores, self.cells)
                Self.grow(&runs, self.cells)
            }
        }

        private static func grow<T>(_ pointer: inout UnsafeMutablePointer<T>, _ capacity: Int) {
            pointer.deallocate()
            pointer = .allocate(capacity: capacity)
        }

        deinit {
            rowZero.deallocate()
            runZero.deallocate()
            bonuses.deallocate()
            firsts.deallocate()
            scores.deallocate()
            runs.deallocate()
            bonusTable.deallocate()
            masks.deallocate()
            boundRows.deallocate()
            placeStore.deallocate()
        }
    }
}
