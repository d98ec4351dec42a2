import VaultSystem

/// One tool: its name, what it does, its input and output schemas, and its call.
///
/// `tools/list` and the check of a call's arguments both come from the list of tool types in
/// `ToolCatalog`, so a schema is never written twice.
protocol MCPTool {
    static var name: String { get }
    /// A few words, for people (`title` in `tools/list`).
    static var title: String { get }
    /// What the tool does, for the model choosing a tool.
    static var summary: String { get }
    /// True for a tool that changes the vault (left out under `--read-only`).
    static var writes: Bool { get }
    static var input: ToolSchema { get }
    /// The JSON Schema of `structuredContent`.
    static var output: JSONValue { get }
    /// Runs the tool; a `UserError` it throws becomes a tool error with the CLI's message.
    static func call(_ arguments: ToolArguments, _ session: MCPSession) throws -> ToolResult
}

extension MCPTool {
    static var writes: Bool { false }
}

/// Every tool the server knows, in the order `tools/list` gives them (immutable after start-up).
enum ToolCatalog {
    nonisolated(unsafe) static let all: [any MCPTool.Type] = [
        SearchTool.self, FindTool.self, ReadNoteTool.self, ListNotesTool.self, BacklinksTool.self, LinksTool.self,
        TagsTool.self, TasksTool.self, CheckTool.self,
        CaptureTool.self, AppendTool.self, CreateNoteTool.self, JournalTool.self, SetTaskStateTool.self,
        RenameNoteTool.self, MoveTool.self, ApplyTool.self, TrashTool.self,
    ]
}
