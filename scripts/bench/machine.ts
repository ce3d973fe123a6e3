import { execFileSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem, type as osType } from 'node:os';
import type { Browser } from 'playwright-core';
import { ROOT } from '../config.ts';
import { webglRenderer } from './browser.ts';
import type { MachineFacts } from './types.ts';

/** The checked-out commit, with `-dirty` when the work tree has changes (empty when git is unavailable). */
function gitCommit(): string {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty', '--abbrev=10'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** Collects the facts printed above the results (CPU, memory, OS, Node, Chromium, WebGL renderer, commit, load). */
export async function machineFacts(browser: Browser): Promise<MachineFacts> {
  const cpuList = cpus();
  return {
    date: new Date().toISOString(),
    cpuModel: cpuList[0]?.model.trim() ?? 'unknown',
    cpuCores: cpuList.length,
    memoryGB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${osType()} ${release()}`,
    node: process.version,
    chromium: browser.version(),
    webglRenderer: await webglRenderer(browser).catch((e: Error) => `unknown (${e.message.split('\n')[0]})`),
    gitCommit: gitCommit(),
    loadAverageStart: loadavg()[0],
  };
}

/** The current 1-minute load average. */
export const currentLoadAverage = (): number => loadavg()[0];
