import VaultSystem

extension VaultDoctor {
    /// What `fix` would do, with nothing done: the files it would write, as a plan that
    /// `--dry-run` prints as a diff, and a line for each step that is not one (an interrupted
    /// change it would finish, an earlier version it would keep as a conflict copy).
    public func fixPlan() throws -> (plan: ChangePlan, actions: [String]) {
        var actions: [String] = []
        var changes: [Change] = []
        let executor = ChangeExecutor(vault: vault)
        let pending = executor.pendingJournals()
        for name in pending {
            let path = vault.metadataFolder + "/" + IntentJournal.folder + "/" + name
            let summary = (try? vault.fileSystem.readFile(path)).flatMap { try? IntentJournal.decode($0) }?.summary ?? "a change"
            actions.append("would finish the interrupted change .zennotes/journal/\(name): \(summary)")
        }
        let leftovers = vault.leftoverFiles(try vault.scan(detail: .paths))
        let writer = SafeWriter(fileSystem: vault.fileSystem)
        // While a change waits, its leftovers are its own (see `removeDisposable`).
        for leftover in leftovers where leftover.isDisposable && pending.isEmpty {
            if let (bytes, snapshot) = try? writer.read(vault.absolutePath(leftover.path), settling: false) {
                changes.append(.remove(leftover.path, expected: snapshot, before: bytes))
            }
        }
        for leftover in leftovers where leftover.state.isKeptAsCopy {
            actions.append("would keep \(leftover.path), \(VaultDoctor.whatIsKept(leftover)), as a conflict copy beside it")
        }
        for leftover in leftovers where leftover.state == .unfinishedNewNote || leftover.state == .renameInProgress && pending.isEmpty {
            let (path, plan) = try vault.restorePlan(leftover)
            actions.append("would restore \(path) from \(leftover.path); it may be incomplete")
            changes += plan.changes
        }
        return (ChangePlan(changes, summary: "doctor --fix"), actions)
    }
}
