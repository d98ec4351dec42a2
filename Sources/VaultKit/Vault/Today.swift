import VaultMarkdown
import VaultSystem

extension CalendarDay {
    /// The day "today" means for tasks and journals: `VAULT_TODAY` (YYYY-MM-DD) when set, else
    /// the day of `clock` in the machine's time zone; nil when `VAULT_TODAY` is not a day.
    public static func today(environment: [String: String], clock: VaultClock) -> CalendarDay? {
        guard let text = environment["VAULT_TODAY"], !text.isEmpty else { return CalendarDay(clock.now()) }
        return CalendarDay(text)
    }
}
