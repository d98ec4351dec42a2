@fixture remapped
# System folders renamed in vault.json: --folder takes the kind's name or the folder's.
$ vault list
> 00 Inbox/Call the landlord.md	Call the landlord
> 01 Quick/Seed catalogue.md	Seed catalogue
> 90 Archive/Notes/Old garden plan.md	Old garden plan
> Daily/2026-11-28.md	Saturday 28 November
> Daily/2026-11-29.md	Sunday 29 November
> Notes/Garden.md	Garden
> Notes/Projects/Allotment plan.md	Allotment plan
$ vault list --folder inbox
> 00 Inbox/Call the landlord.md	Call the landlord
$ vault list --folder Daily
> Daily/2026-11-28.md	Saturday 28 November
> Daily/2026-11-29.md	Sunday 29 November
$ vault info
> Vault  <tmp>/remapped
> id     2b9d7c1a-5e4f-4a3b-8c6d-0f1e2a3b4c5d
> 
> Notes  8
>   journal       2  Daily/
>   page          2  Notes/
>   inbox         1  00 Inbox/
>   quick         1  01 Quick/
>   archive       1  90 Archive/
>   trash         1  99 Trash/
> 
> Tags               2
> Attachments        0
> Not downloaded     0
> Unreadable         0
> Not UTF-8          0
> Frontmatter issues 0
> Conflict copies    0
> 
> Layout (remapped in .zennotes/vault.json)
>   journals Daily/
>   pages    Notes/
>   inbox    00 Inbox/
>   quick    01 Quick/
>   archive  90 Archive/
>   trash    99 Trash/
