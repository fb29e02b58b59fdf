import { Argument, type Command, type Option } from 'commander';
import type { CommandContext } from './command-context';

/**
 * `paydesk completion bash|zsh|fish|powershell`: a shell completion script made from the
 * commander program itself, walked at the moment it is asked for, so a command or option added
 * anywhere completes without a list kept by hand. What `--help` shows is what completes: the
 * visible subcommands (the implicit `help` too), the command's options and those of its parents
 * (the global `--json`, `--env`), each with its description.
 */

export const COMPLETION_SHELLS = ['bash', 'zsh', 'fish', 'powershell'] as const;
type CompletionShell = (typeof COMPLETION_SHELLS)[number];

interface Described {
  description: string;
}

interface CompletionOption extends Described {
  /** `--json`, or `-V` and `--version`. */
  flags: string[];
  /** The next word is the option's value (`--env <id>`), never a subcommand. */
  takesValue: boolean;
}

interface CompletionNode extends Described {
  /** The command words from the program down, `[]` for `paydesk` itself, `['team', 'env']`. */
  path: string[];
  /**
   * Each subcommand's name and aliases, with its description; for a command without any, the
   * choices of its first argument (`completion <shell>`).
   */
  subcommands: Array<Described & { name: string }>;
  options: CompletionOption[];
}

/**
 * Our own names only reach the scripts; this check keeps one that a shell would read as syntax
 * (a space, a quote, `$`) from ever being written into one.
 */
const SAFE_WORD = /^-{0,2}[A-Za-z0-9][A-Za-z0-9_.:-]*$/;
function safeWord(word: string): string {
  if (!SAFE_WORD.test(word)) throw new Error(`completion: ${JSON.stringify(word)} is not a plain word`);
  return word;
}

function optionOf(option: Option): CompletionOption {
  return {
    flags: [option.short, option.long].filter((flag): flag is string => flag !== undefined).map(safeWord),
    description: option.description,
    takesValue: option.required || option.optional,
  };
}

/** Every command of the program, depth first, as the scripts need it. */
function completionNodes(program: Command): CompletionNode[] {
  const help = program.createHelp();
  const nodes: CompletionNode[] = [];
  const visit = (command: Command, path: string[]): void => {
    const inherited: Option[] = [];
    for (let ancestor = command.parent; ancestor; ancestor = ancestor.parent) {
      inherited.push(...ancestor.options.filter((option) => !option.hidden));
    }
    const children = help.visibleCommands(command);
    const choices = command.registeredArguments[0]?.argChoices ?? [];
    nodes.push({
      path,
      description: command.description(),
      subcommands: [
        ...children.flatMap((child) =>
          [child.name(), ...child.aliases()].map((name) => ({
            name: safeWord(name),
            description: child.description(),
          })),
        ),
        ...(children.length === 0
          ? choices.map((choice) => ({ name: safeWord(choice), description: '' }))
          : []),
      ],
      options: [...help.visibleOptions(command), ...inherited].map(optionOf),
    });
    // Not the implicit `help [command]`, which is listed but is no command of the program's.
    for (const child of command.commands) visit(child, [...path, child.name()]);
  };
  visit(program, []);
  return nodes;
}

const key = (node: CompletionNode): string => node.path.join(' ');
const words = (node: CompletionNode): string[] => [
  ...node.subcommands.map((sub) => sub.name),
  ...node.options.flatMap((option) => option.flags),
];
const valueFlags = (node: CompletionNode): string[] =>
  node.options.filter((option) => option.takesValue).flatMap((option) => option.flags);

/** Each typed word that moves the walk one command down: at `from`, `word` leads to `to`. */
function descents(nodes: CompletionNode[]): Array<{ from: string; word: string; to: string }> {
  const known = new Set(nodes.map(key));
  return nodes.flatMap((node) =>
    node.subcommands
      .map((sub) => ({ from: key(node), word: sub.name, to: [...node.path, sub.name].join(' ') }))
      .filter((step) => known.has(step.to)),
  );
}

/** Each option, at each command, whose next word is its value and so no command. */
const valueOptions = (nodes: CompletionNode[]): Array<{ at: string; flag: string }> =>
  nodes.flatMap((node) => valueFlags(node).map((flag) => ({ at: key(node), flag })));

/**
 * The walk bash and zsh share: the typed words before the one being completed lead from the
 * program down the tree into `$<variable>` (an option's value is skipped, any other word that is
 * no subcommand is an argument).
 */
function shWalk(
  nodes: CompletionNode[],
  variable: string,
  typed: { first: number; array: string; end: string },
) {
  const skips = valueOptions(nodes).map(({ at, flag }) => `      "${at}|${flag}") skip=1; continue ;;`);
  const moves = descents(nodes).map(
    ({ from, word, to }) => `      "${from}|${word}") ${variable}="${to}" ;;`,
  );
  return `  for (( i = ${typed.first}; i < ${typed.end}; i++ )); do
    word="\${${typed.array}[i]}"
    if (( skip )); then skip=0; continue; fi
    case "$${variable}|$word" in
${skips.join('\n')}
    esac
    case "$${variable}|$word" in
${moves.join('\n')}
    esac
  done`;
}
/** Descriptions go into single-quoted strings; the shells differ only in how a quote is written. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** bash: the walk, then the words of the command reached complete. */
function bashScript(name: string, nodes: CompletionNode[]): string {
  const fn = `_${name}_completion`;
  const lists = nodes.map((node) => `    "${key(node)}") candidates="${words(node).join(' ')}" ;;`);
  return `# ${name} completion for bash. Enable: source <(${name} completion bash)
${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path="" word candidates="" skip=0 i
${shWalk(nodes, 'path', { first: 1, array: 'COMP_WORDS', end: 'COMP_CWORD' })}
  case "$path" in
${lists.join('\n')}
  esac
  COMPREPLY=( $(compgen -W "$candidates" -- "$cur") )
}
complete -F ${fn} ${name}
`;
}

const zshQuote = (text: string): string => `'${oneLine(text).replace(/'/g, "'\\''")}'`;

/** zsh: the same walk over `words`, then `_describe` for subcommands and options with their descriptions. */
function zshScript(name: string, nodes: CompletionNode[]): string {
  const lists = nodes.map((node) => {
    const subs = node.subcommands.map((sub) => zshQuote(`${sub.name}:${sub.description}`));
    const options = node.options.flatMap((option) =>
      option.flags.map((flag) => zshQuote(`${flag}:${option.description}`)),
    );
    return `    "${key(node)}") command_specs=(${subs.join(' ')}); option_specs=(${options.join(' ')}) ;;`;
  });
  return `#compdef ${name}
# ${name} completion for zsh. Enable: source <(${name} completion zsh)  (after compinit)
_${name}() {
  local cmdpath="" word skip=0 i
  local -a command_specs option_specs
${shWalk(nodes, 'cmdpath', { first: 2, array: 'words', end: 'CURRENT' })}
  case "$cmdpath" in
${lists.join('\n')}
  esac
  if [[ "\${words[CURRENT]}" == -* ]]; then
    _describe -t options 'option' option_specs
  else
    _describe -t commands 'command' command_specs
  fi
}
compdef _${name} ${name}
`;
}

const fishQuote = (text: string): string => `'${oneLine(text).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * fish: a function prints the command path typed so far, from the program's name (never an
 * empty word, which `test` would misread); each `complete` line holds for one path.
 */
function fishScript(name: string, nodes: CompletionNode[]): string {
  const fn = `__${name}_command_path`;
  const skips = valueOptions(nodes).map(
    ({ at, flag }) => `      case '${at}|${flag}'\n        set skip 1; continue`,
  );
  const moves = descents(nodes).map(
    ({ from, word, to }) => `      case '${from}|${word}'\n        set path '${to}'`,
  );
  const lines = nodes.flatMap((node) => {
    const when = `-n 'test (${fn}) = "${[name, ...node.path].join(' ')}"'`;
    return [
      ...node.subcommands.map(
        (sub) => `complete -c ${name} ${when} -a ${sub.name} -d ${fishQuote(sub.description)}`,
      ),
      ...node.options.map((option) => {
        const flags = option.flags
          .map((flag) => (flag.startsWith('--') ? `-l ${flag.slice(2)}` : `-s ${flag.slice(1)}`))
          .join(' ');
        return `complete -c ${name} ${when} ${flags}${option.takesValue ? ' -r' : ''} -d ${fishQuote(option.description)}`;
      }),
    ];
  });
  return `# ${name} completion for fish. Enable: ${name} completion fish | source
function ${fn}
  set -l path ''
  set -l skip 0
  set -l typed (commandline -opc)
  set -e typed[1]
  for word in $typed
    if test $skip -eq 1
      set skip 0
      continue
    end
    switch "$path|$word"
${skips.join('\n')}
    end
    switch "$path|$word"
${moves.join('\n')}
    end
  end
  echo (string trim -- "${name} $path")
end
complete -c ${name} -f
${lines.join('\n')}
`;
}

const powershellQuote = (text: string): string => `'${oneLine(text).replace(/'/g, "''")}'`;

/**
 * PowerShell: a native argument completer over a table of the tree. (`ValueOptions`, not
 * `Values`: that name is a hashtable's own property and would hide the key.)
 */
function powershellScript(name: string, nodes: CompletionNode[]): string {
  const entry = (word: string, description: string): string =>
    // A hashtable per word: nested arrays would flatten, and a completion's tooltip must not be empty.
    `@{ Word = ${powershellQuote(word)}; Tip = ${powershellQuote(description || word)} }`;
  const entries = nodes.map((node) => {
    const subs = node.subcommands.map((sub) => entry(sub.name, sub.description));
    const options = node.options.flatMap((option) =>
      option.flags.map((flag) => entry(flag, option.description)),
    );
    const values = valueFlags(node).map(powershellQuote);
    return `  ${powershellQuote(key(node))} = @{ Words = @(${[...subs, ...options].join(', ')}); ValueOptions = @(${values.join(', ')}) }`;
  });
  return `# ${name} completion for PowerShell. Enable: ${name} completion powershell | Out-String | Invoke-Expression
$${name}CompletionTree = @{
${entries.join('\n')}
}
Register-ArgumentCompleter -Native -CommandName ${name} -ScriptBlock {
  param($wordToComplete, $commandAst, $cursorPosition)
  $tree = $${name}CompletionTree
  $path = ''
  $skip = $false
  $typed = @($commandAst.CommandElements | Select-Object -Skip 1 | ForEach-Object { $_.ToString() })
  if ($wordToComplete -ne '' -and $typed.Count -gt 0) { $typed = @($typed | Select-Object -SkipLast 1) }
  foreach ($word in $typed) {
    if ($skip) { $skip = $false; continue }
    if ($tree[$path].ValueOptions -contains $word) { $skip = $true; continue }
    $next = if ($path -eq '') { $word } else { "$path $word" }
    if ($tree.ContainsKey($next)) { $path = $next }
  }
  foreach ($entry in $tree[$path].Words) {
    if ($entry.Word -like "$wordToComplete*") {
      [System.Management.Automation.CompletionResult]::new($entry.Word, $entry.Word, 'ParameterValue', $entry.Tip)
    }
  }
}
`;
}

const SCRIPTS: Record<CompletionShell, (name: string, nodes: CompletionNode[]) => string> = {
  bash: bashScript,
  zsh: zshScript,
  fish: fishScript,
  powershell: powershellScript,
};

/** The completion script of `program` for `shell`. */
export function completionScript(program: Command, shell: CompletionShell): string {
  return SCRIPTS[shell](safeWord(program.name()), completionNodes(program));
}

/** `paydesk completion <shell>`; walks the whole program when run, after every command was added. */
export function describeCompletionCommand(program: Command, context: CommandContext): void {
  program
    .command('completion')
    .description(
      `print a completion script for ${COMPLETION_SHELLS.join(', ')} (see the README to enable it)`,
    )
    // commander refuses any other shell as a usage error (exit 2), naming the choices.
    .addArgument(new Argument('<shell>', 'the shell to complete in').choices(COMPLETION_SHELLS))
    .action((shell: CompletionShell) => {
      context.io.stdout.write(completionScript(program, shell));
    });
}
