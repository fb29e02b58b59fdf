import { expect, test } from '@playwright/test';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { COMPLETION_SHELLS, completionScript } from '../../../main/cli/completion';
import { runCliInProcess, type CliRun } from '../../support/in-process-cli';

/**
 * `paydesk completion <shell>`: the bash script is run in a real bash; zsh, fish and PowerShell
 * are syntax-checked by their own binary when this machine has it, and checked for shape always.
 */

let folder: string;
test.beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'paydesk-completion-'));
});
test.afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const paydesk = (argv: string[]): Promise<CliRun> =>
  runCliInProcess(argv, { env: { PAYDESK_DATA_DIR: join(folder, 'data') } }, {});

async function scriptFile(shell: string, text?: string): Promise<string> {
  const run = await paydesk(['completion', shell]);
  expect(run.code, run.stderr).toBe(0);
  const file = join(folder, `completion.${shell}`);
  await writeFile(file, text ?? run.stdout);
  return file;
}

/** What bash offers for the words typed so far (the last one being completed), as a person at a prompt. */
function bashCompletes(file: string, typed: string[], functionName = '_paydesk_completion'): string[] {
  const program = `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); ${functionName}; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const out = execFileSync('bash', ['--norc', '--noprofile', '-c', program, 'bash', file, ...typed], {
    encoding: 'utf8',
  });
  return out.split('\n').filter((line) => line !== '');
}

const hasBinary = (name: string): boolean => spawnSync(name, ['--version'], { stdio: 'ignore' }).status === 0;

test('bash: commands, subcommands and options complete in a real bash', async () => {
  const file = await scriptFile('bash');
  expect(bashCompletes(file, ['paydesk', 'te'])).toEqual(['team']);
  expect(bashCompletes(file, ['paydesk', 'team', 'e'])).toEqual(['env', 'executor']);
  expect(bashCompletes(file, ['paydesk', '--jso'])).toEqual(['--json']);
  expect(bashCompletes(file, ['paydesk', 'team', 'env', 'put', 'staging', '--k'])).toEqual(['--kind']);
  // An option's value is not a command: `--env team` does not enter `team`.
  expect(bashCompletes(file, ['paydesk', '--env', 'team', 'te'])).toEqual(['team']);
  expect(bashCompletes(file, ['paydesk', 'completion', ''])).toEqual(
    expect.arrayContaining([...COMPLETION_SHELLS]),
  );
  expect(bashCompletes(file, ['paydesk', 'nosuch', 'x'])).toEqual([]);
});

test('bash: every command `paydesk --help` lists completes at the top', async () => {
  const file = await scriptFile('bash');
  const help = await paydesk(['--help']);
  const commandsSection = help.stdout.split(/^Commands:$/m)[1] ?? '';
  const listed = [...commandsSection.matchAll(/^ {2}(\S+)/gm)].map((match) => match[1]);
  expect(listed.length).toBeGreaterThan(5);
  const offered = bashCompletes(file, ['paydesk', '']);
  for (const name of listed) expect(offered, name).toContain(name);
  expect(offered).toEqual(expect.arrayContaining(['--json', '--env', '--help', '--version']));
});

test('the script is made from the program it is given: a new command completes with no list to edit', async () => {
  const program = new Command('demo').option('--loud', 'say it loudly');
  const alpha = program.command('alpha').description('the first');
  alpha.command('beta').option('--level <n>', 'how much');
  alpha.command('gamma');
  const file = join(folder, 'demo.bash');
  await writeFile(file, completionScript(program, 'bash'));
  expect(bashCompletes(file, ['demo', 'al'], '_demo_completion')).toEqual(['alpha']);
  expect(bashCompletes(file, ['demo', 'alpha', ''], '_demo_completion')).toEqual(
    expect.arrayContaining(['beta', 'gamma', '--loud']),
  );
  expect(
    bashCompletes(file, ['demo', 'alpha', 'beta', '--level', 'gamma', '--'], '_demo_completion'),
  ).toEqual(expect.arrayContaining(['--level', '--loud', '--help']));
});

test('a name a shell would read as syntax is refused, never written into a script', () => {
  const program = new Command('demo');
  program.command('safe').alias('x$(touch pwned)');
  for (const shell of COMPLETION_SHELLS) {
    expect(() => completionScript(program, shell)).toThrow(/is not a plain word/);
  }
});

test('an unknown shell is a usage error: exit 2 naming the shells, nothing on stdout', async () => {
  for (const argv of [['completion', 'tcsh'], ['completion'], ['--json', 'completion', 'cmd.exe']]) {
    const run = await paydesk(argv);
    expect(run.code, argv.join(' ')).toBe(2);
    expect(run.stdout).toBe('');
  }
  const run = await paydesk(['completion', 'tcsh']);
  expect(run.stderr).toContain('bash, zsh, fish, powershell');
  const json = await paydesk(['--json', 'completion', 'tcsh']);
  expect(JSON.parse(json.stderr)).toMatchObject({ error: { kind: 'validation' } });
});

test('zsh: its shape, descriptions quoted; `zsh -n` when zsh is installed', async () => {
  const file = await scriptFile('zsh');
  const text = (await paydesk(['completion', 'zsh'])).stdout;
  expect(text.startsWith('#compdef paydesk\n')).toBe(true);
  expect(text).toContain('compdef _paydesk paydesk');
  expect(text).toMatch(/^ {6}"team\|env"\) cmdpath="team env" ;;$/m);
  expect(text).toContain(`'list:the team'\\''s environment profiles'`);
  expect(text.match(/^\s*case "/gm)?.length).toBe(text.match(/^\s*esac$/gm)?.length);
  if (hasBinary('zsh')) expect(spawnSync('zsh', ['-n', file]).status).toBe(0);
});

test('fish: its shape, descriptions quoted; `fish --no-execute` when fish is installed', async () => {
  const file = await scriptFile('fish');
  const text = (await paydesk(['completion', 'fish'])).stdout;
  expect(text).toContain('function __paydesk_command_path');
  expect(text).toContain(
    `complete -c paydesk -n 'test (__paydesk_command_path) = "paydesk team env"' -a list -d 'the team\\'s environment profiles'`,
  );
  expect(text).toContain(`complete -c paydesk -n 'test (__paydesk_command_path) = "paydesk"' -l json -d`);
  expect(text).toMatch(/-l env -r -d/);
  const opened = text.match(/^\s*(function|for|switch|if)\b/gm)?.length;
  expect(opened).toBe(text.match(/^\s*end$/gm)?.length);
  if (hasBinary('fish')) expect(spawnSync('fish', ['--no-execute', file]).status).toBe(0);
});

test('PowerShell: its shape, quotes doubled; parsed by pwsh when it is installed', async () => {
  const file = await scriptFile('powershell');
  const text = (await paydesk(['completion', 'powershell'])).stdout;
  expect(text).toContain('Register-ArgumentCompleter -Native -CommandName paydesk -ScriptBlock {');
  expect(text).toContain(`@{ Word = 'list'; Tip = 'the team''s environment profiles' }`);
  expect(text).toMatch(
    /^ {2}'team env put' = @\{ Words = @\(.*\); ValueOptions = @\('--kind', '--base-url', '--color', '--env'\) \}$/m,
  );
  expect(text.split('{').length).toBe(text.split('}').length);
  if (hasBinary('pwsh')) {
    const parse = `$errors = $null; [System.Management.Automation.Language.Parser]::ParseFile('${file}', [ref]$null, [ref]$errors) | Out-Null; exit $errors.Count`;
    expect(spawnSync('pwsh', ['-NoProfile', '-Command', parse]).status).toBe(0);
  }
});
