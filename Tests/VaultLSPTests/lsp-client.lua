-- Drives `vault lsp` from Neovim's own LSP client (Neovim 0.7 and later), headless:
--   VAULT_BIN=... LSP_VAULT=... LSP_RESULT=... nvim --headless -u NONE -i NONE -n -c 'luafile lsp-client.lua'
-- It asks for a completion, a definition and references, reads a dangling-link diagnostic,
-- renames a note from a link (Neovim applies the edit and writes the buffers), finishes a
-- task through a code action, and writes
-- what it saw to LSP_RESULT as JSON. It exits 0 when it got that far, 1 otherwise.
local vault = os.getenv('LSP_VAULT')
local result_file = os.getenv('LSP_RESULT')
local results = {}

local function finish(ok, message)
  if message then results.error = message end
  local file = io.open(result_file, 'w')
  file:write(vim.fn.json_encode(results))
  file:close()
  vim.cmd(ok and 'qall!' or 'cquit! 1')
end

local function step(name, body)
  local ok, err = pcall(body)
  if not ok then finish(false, name .. ': ' .. tostring(err)) end
end

local function position_of(bufnr, needle, offset)
  for number, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local at = line:find(needle, 1, true)
    if at then
      -- The protocol counts UTF-16 units; these lines are ASCII up to the link.
      return { line = number - 1, character = at - 1 + (offset or 0) }
    end
  end
  error(needle .. ' not found')
end

local function request(bufnr, method, params)
  local answers = vim.lsp.buf_request_sync(bufnr, method, params, 10000)
  if not answers then error(method .. ': no answer') end
  for _, answer in pairs(answers) do
    if answer.err then error(method .. ': ' .. vim.inspect(answer.err)) end
    return answer.result
  end
  error(method .. ': no client answered')
end

local client_id = vim.lsp.start_client({
  name = 'vault',
  cmd = { os.getenv('VAULT_BIN'), 'lsp' },
  root_dir = vault,
  flags = { debounce_text_changes = 0 },
})
if not client_id then finish(false, 'the client did not start') end

local function open(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(vault .. '/' .. path))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(bufnr, client_id)
  return bufnr
end

local home = open('Home.md')
if not vim.wait(10000, function()
  local client = vim.lsp.get_client_by_id(client_id)
  return client ~= nil and client.initialized
end) then finish(false, 'the server did not initialize') end
local client = vim.lsp.get_client_by_id(client_id)
results.server = client.server_capabilities and 'ok' or 'no capabilities'

step('definition', function()
  local at = position_of(home, '[[Errands]]', 3)
  local found = request(home, 'textDocument/definition', { textDocument = { uri = vim.uri_from_bufnr(home) }, position = at })
  if found[1] then found = found[1] end
  results.definition = vim.uri_to_fname(found.uri):sub(#vault + 2)
end)

step('references', function()
  local at = position_of(home, '[[Errands]]', 3)
  local found = request(home, 'textDocument/references', {
    textDocument = { uri = vim.uri_from_bufnr(home) }, position = at, context = { includeDeclaration = true },
  })
  results.references = {}
  for _, location in ipairs(found) do
    table.insert(results.references, vim.uri_to_fname(location.uri):sub(#vault + 2))
  end
  table.sort(results.references)
end)

local ideas = open('pages/Ideas.md')
step('diagnostics', function()
  if not vim.wait(10000, function() return #vim.diagnostic.get(ideas) > 0 end) then error('none published') end
  results.diagnostics = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(ideas)) do
    table.insert(results.diagnostics, { line = diagnostic.lnum, message = diagnostic.message, code = diagnostic.code })
  end
end)

step('completion', function()
  -- Typed at the end of the note, asked for, and taken back, so the buffer is as saved.
  local count = vim.api.nvim_buf_line_count(ideas)
  vim.api.nvim_buf_set_lines(ideas, count, count, false, { '[[Vau' })
  local found = request(ideas, 'textDocument/completion', {
    textDocument = { uri = vim.uri_from_bufnr(ideas) }, position = { line = count, character = 5 },
  })
  local items = found.items or found
  results.completion = {}
  for index, item in ipairs(items) do
    if index > 3 then break end
    table.insert(results.completion, { label = item.label, newText = item.textEdit and item.textEdit.newText })
  end
  vim.api.nvim_buf_set_lines(ideas, count, count + 1, false, {})
end)

step('rename', function()
  vim.api.nvim_set_current_buf(home)
  local at = position_of(home, '[[Errands]]', 4)
  local params = { textDocument = { uri = vim.uri_from_bufnr(home) }, position = at }
  local prepared = request(home, 'textDocument/prepareRename', params)
  results.placeholder = prepared.placeholder
  params.newName = 'Chores'
  local edit = request(home, 'textDocument/rename', params)
  vim.lsp.util.apply_workspace_edit(edit, client.offset_encoding or 'utf-16')
  vim.cmd('silent wall')
  results.renamed = vim.loop.fs_stat(vault .. '/pages/Chores.md') ~= nil
end)

step('code action', function()
  local chores = open('pages/Chores.md')
  local at = position_of(chores, 'Post office', 0)
  local actions = request(chores, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(chores) }, range = { start = at, ['end'] = at }, context = { diagnostics = {} },
  })
  for _, action in ipairs(actions) do
    if action.title == 'Finish the task' then vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding or 'utf-16') end
  end
  vim.cmd('silent wall')
  results.task = vim.api.nvim_buf_get_lines(chores, at.line, at.line + 1, false)[1]
end)

vim.lsp.stop_client(client_id)
finish(true)
