import { PATH_FLAGS } from '../config.ts';

/** Runs per section when `--runs` is not given (and the section has no default of its own). */
export const DEFAULT_RUNS = 3;
/** Default minutes of the soak's real-time phase. */
export const DEFAULT_SOAK_MINUTES = 20;

/** Command-line options of `npm run bench`. */
export interface BenchOptions {
  /** Runs per section (each in a fresh browser context); the median is reported. Null: not given ({@link DEFAULT_RUNS}, or the section's own default). */
  runs: number | null;
  /** Run only this section. */
  only: string | null;
  /** Minutes of the `soak` section's real-time phase. */
  soakMinutes: number;
  /** Exit with status 1 when a target is missed. */
  strict: boolean;
  /** Print detail lines (e.g. the largest JavaScript files). */
  verbose: boolean;
  /** Build the data bundle and the app first when they are stale (`--no-build` measures them as they are). */
  build: boolean;
  help: boolean;
}

/** Usage text of `npm run bench`. */
export function usage(sectionNames: string[]): string {
  const pathFlags = Object.entries(PATH_FLAGS)
    .filter(([flag]) => flag !== '--port' && flag !== '--host')
    .map(([flag, { env }]) => `  ${flag} <path>`.padEnd(22) + `(env ${env})`);
  return [
    'Usage: npm run bench -- [options]',
    '',
    'Measures the built app in headless Chromium and prints medians over several cold runs.',
    '',
    `  --runs N            runs per section, each in a fresh browser context (default ${DEFAULT_RUNS}; soak: 1)`,
    `  --only <section>    run one section: ${sectionNames.join(', ')}`,
    '                      (soak runs only when named here: a weekday at 600×, then real time for --soak-minutes)',
    `  --soak-minutes N    minutes of the soak's real-time phase, 1 to 600 (default ${DEFAULT_SOAK_MINUTES})`,
    '  --strict            exit 1 when a target is missed (default: exit 0 after printing)',
    '  --verbose           print details: how each figure is measured, the largest JavaScript files',
    '  --no-build          measure dist/ and the data bundle as they are (default: rebuild when stale)',
    '  --help              show this text',
    '',
    'Data and base map locations, as for npm start:',
    ...pathFlags,
    '',
    'Results are also written to test-results/bench.json.',
  ].join('\n');
}

/** Parses the arguments; flags of scripts/config.ts (`--source` …) are accepted and left to `resolvePaths`. */
export function parseBenchArgs(argv: string[], sectionNames: string[]): BenchOptions {
  const options: BenchOptions = { runs: null, only: null, soakMinutes: DEFAULT_SOAK_MINUTES, strict: false, verbose: false, build: true, help: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === '') throw new Error(`${flag} needs a value.`);
      return v;
    };
    switch (flag) {
      case '--runs': {
        const raw = value();
        const runs = Number(raw);
        if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error(`--runs must be an integer from 1 to 50, not "${raw}".`);
        options.runs = runs;
        break;
      }
      case '--only': {
        const name = value();
        if (!sectionNames.includes(name)) throw new Error(`Unknown section "${name}" for --only; sections: ${sectionNames.join(', ')}.`);
        options.only = name;
        break;
      }
      case '--soak-minutes': {
        const raw = value();
        const minutes = Number(raw);
        if (!Number.isInteger(minutes) || minutes < 1 || minutes > 600) throw new Error(`--soak-minutes must be an integer from 1 to 600, not "${raw}".`);
        options.soakMinutes = minutes;
        break;
      }
      case '--strict':
        options.strict = true;
        break;
      case '--verbose':
      case '-v':
        options.verbose = true;
        break;
      case '--no-build':
        options.build = false;
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        if (flag in PATH_FLAGS) {
          if (inline === undefined) i++;
          break;
        }
        throw new Error(`Unknown option "${argv[i]}" (see npm run bench -- --help).`);
    }
  }
  return options;
}
