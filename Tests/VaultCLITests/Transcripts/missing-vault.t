@fixture demo
# A vault folder named where there is none is a usage error, exit 2.
$ vault --vault /no/such/vault list
2> vault: error: the vault folder /no/such/vault does not exist or is not a folder
2> hint: check the path given with --vault or VAULT_DIR
? 2
$ vault list --vault pages/Errands.md
2> vault: error: the vault folder pages/Errands.md does not exist or is not a folder
2> hint: check the path given with --vault or VAULT_DIR
? 2
$ VAULT_DIR=/no/such/vault vault list
2> vault: error: the vault folder /no/such/vault does not exist or is not a folder
2> hint: check the path given with --vault or VAULT_DIR
? 2
