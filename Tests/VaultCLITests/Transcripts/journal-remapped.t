@fixture remapped
# Daily/ is the journals folder here.
$ VAULT_TODAY=2026-11-30 vault journal --list
> 2026-11-29	Daily/2026-11-29.md
> 2026-11-28	Daily/2026-11-28.md
$ VAULT_TODAY=2026-11-30 vault journal --rollover
> moved 2 unfinished tasks from Daily/2026-11-29.md to Daily/2026-11-30.md
> Daily/2026-11-30.md:3@e69591	[ ] Sketch next year's beds, see [[Notes/Garden#Beds]]	(due 2026-12-06)
> Daily/2026-11-30.md:4@8f6dfd	[ ] Seed order, link in [[Seed catalogue]]	(due 2026-11-30)
$ cat Daily/2026-11-30.md
> # 2026-11-30
> 
> - [ ] Sketch next year's beds, see [[Notes/Garden#Beds]] due:2026-12-06
> - [ ] Seed order, link in [[Seed catalogue]]
$ vault tasks --summary --include-archived
> open	9
> in-progress	1
> done	3
> cancelled	1
> forwarded	2
> other	0
> total	16
