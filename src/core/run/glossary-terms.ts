import { INDICATIVE_BELOW } from './stories';
import { settingNamed } from './settings';

const LAYOUT = settingNamed('layout')!;
const LISTING = settingNamed('listing')!;

/**
 * Words the page uses about results and about its own controls, beside the metrics, hyperparameters
 * and dials of glossary.ts: what the lessons, Live and the Paired tab speak of.
 */
export const TERM_WORDS: readonly { id: string; term: string; words: string }[] = [
  {
    id: 'interval',
    term: '95% interval',
    words:
      'The range a mean or rate would fall in on 95 of 100 repeats of the run: Wilson\u2019s interval for rates, a bootstrap over tasks for means. Two strategies differ clearly where their intervals do not overlap; more tasks or seeds narrow them.',
  },
  {
    id: 'paired',
    term: 'Paired difference',
    words:
      'One strategy minus another on the same task and seed, averaged over the pairs, with a bootstrap interval over tasks. It is sharper than comparing two rates, because what the two runs share (the task, the model\u2019s seed) cancels out. A lesson calls a difference shown only where this interval excludes 0.',
  },
  {
    id: 'tasks-seeds',
    term: 'Tasks \u00d7 seeds',
    words: 'How many tasks of the split each strategy ran, times how many seeds it ran each one with: the task runs behind every figure.',
  },
  {
    id: 'indicative',
    term: 'Indicative',
    words: `A result of fewer than ${INDICATIVE_BELOW} task runs per strategy and environment: its intervals are wide, a first look rather than a finding.`,
  },
  {
    id: 'simulated',
    term: 'Simulated model (SimLM)',
    words:
      'The page\u2019s default model: not an LLM, but a model of how often an LLM of a given class picks the wrong tool, loops or misreads, answering from what its prompt shows. Its results show what a strategy does to such errors, not what a real model would do.',
  },
  {
    id: 'story',
    term: 'Story',
    words: 'A one-click run sized for intervals that mean something, with a few sentences on what to look at; its size, model and the titles it quotes come from its setup.',
  },
  {
    id: 'lesson',
    term: 'Lesson',
    words:
      'A story for a class, at its own link: questions to predict, one click to run, the part of Results to look at outlined, what the run showed and its caveats (computed from the run, never written in advance), and a question to discuss.',
  },
  {
    id: 'live',
    term: 'Live',
    words:
      'A switch under Run: with it on, a change of Setup re-runs the setup a moment later, cancelling a run in progress, where the run is quick (the simulated model, about two seconds here as timed by earlier runs).',
  },
  {
    id: 'layout',
    term: LAYOUT.label.charAt(0).toUpperCase() + LAYOUT.label.slice(1),
    words:
      `Where each part of a strategy\u2019s prompt goes (Setup, under Model; ${LAYOUT.name}= in a link). paper: as the papers write them, so a reflection, a newly registered tool or a substep\u2019s candidates change the prompt near its start. cache: what never changes first, the task next, what grows appended after it, so a prompt cache can reuse all it saw before; the model sees the same facts in another order. It changes prompt tokens and what a cache finds, and may change results a little; the default is ${LAYOUT.defaultText}.`,
  },
  {
    id: 'listing',
    term: LISTING.label.charAt(0).toUpperCase() + LISTING.label.slice(1),
    words:
      `Which tools a ReAct-style prompt lists (Setup, under Model; ${LISTING.name}= in a link). full: every tool, as AutoTool\u2019s, the 3-gram baseline\u2019s and ToolExpNet\u2019s papers do; on SLATE that is 1,000 tools, about 57K tokens, more than a 32K window holds. shortlist: the tools the embedder retrieves for the task, as the plan-guided strategies see on SLATE. fit: every tool where it fits the model\u2019s window, else the shortlist. A strategy that listed the shortlist says so next to its name in the results; the default is ${LISTING.defaultText}.`,
  },
];
