import VaultBench

/// The seeded generator the generated vaults are made with (SplitMix64), for tests that draw
/// random input: a test that failed runs again on the same input from its seed.
public typealias SeededGenerator = SeededRandom
