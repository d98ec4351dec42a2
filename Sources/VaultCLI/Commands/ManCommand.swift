import VaultKit

/// `vault man`: the manual page, for `man -l` or to install as `vault.1`.
enum ManCommand: Command {
    static let name = "man"
    static let summary = "print the manual page (vault.1), made from the same declarations as the help"
    static let usage = ""
    static let discussion = """
        Read it with:
          vault man | man -l -
        `make install` installs it as share/man/man1/vault.1.
        """

    static func run(_ arguments: inout Arguments, _ context: Context) throws -> Int32 {
        try arguments.finish()
        context.raw(Array(ManPage.page().utf8))
        return 0
    }
}
