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
    term: '95% interval (95% CI, confidence interval)',
    words:
      'A range computed from the run by a procedure that, over repeated samples (the run done again on other tasks and seeds), covers the true mean or rate in 95% of repeated samples. Any one interval either holds the true value or does not: the 95% belongs to the procedure, not to one interval, and not to where the next run\u2019s mean will fall. Rates use Wilson\u2019s interval, means a bootstrap over tasks (resampling the tasks with replacement). Two strategies differ clearly where their intervals do not overlap; more tasks or seeds narrow them.',
  },
  {
    id: 'paired',
    term: 'Paired difference',
    words:
      'One strategy minus another on the same task and seed, averaged over the pairs, with a bootstrap interval over tasks. It is sharper than comparing two rates, because what the two runs share (the task, the model\u2019s seed) cancels out. A lesson calls a difference shown only where this interval excludes 0.',
  },
  {
    id: 'success-rate',
    term: 'Success rate, pass rate',
    words:
      'The share of task runs that solved their task (each run counts 1 or 0), with a Wilson interval. EcoAct\u2019s and ToolExpNet\u2019s papers call it the pass rate; the Papers view keeps their word where it quotes them. Progress rate is the share of a task\u2019s subgoals reached (AgentBoard), averaged over task runs: it moves where success does not.',
  },
  {
    id: 'cips',
    term: 'CIPS (AutoTool\u2019s inertia score)',
    words:
      'AutoTool\u2019s score for taking the next tool without the model (AutoTool section 4.5, eq. 1): CIPS = (1 \u2212 \u03b1) \u00d7 frequency + \u03b1 \u00d7 context, where frequency is how often this tool followed the last ones in the run so far (its inertia graph) and context the similarity of the agent\u2019s last thought to the tool\u2019s description. Above the inertia threshold \u03b8 the step is inertial: no LLM call. A trace shows it as \u201cinertial \u00b7 no LLM call \u00b7 CIPS 0.62\u201d; \u201crecovery\u201d is a step AutoTool took without the model to repair a failed inertial one.',
  },
  {
    id: 'es-ed',
    term: 'E_s and E_d (ToolExpNet\u2019s links)',
    words:
      'The two kinds of edges of ToolExpNet\u2019s tool network (ToolExpNet section 4.1): E_s, similarity links between tools whose descriptions are alike (above the threshold \u03a6), which it learns to tell apart; E_d, dependency links from a tool to one whose output it needs. \u201cw/o similarity edges\u201d and \u201cw/o dependency edges\u201d are its ablations without each.',
  },
  {
    id: 'tolerance',
    term: 'Tolerance (of a verdict)',
    words:
      'How far our interval may end from the paper\u2019s figure and still count as the same size: a third of the paper\u2019s effect unless the claim says otherwise, since the papers report one run without an interval. The Papers view gives each claim\u2019s tolerance and why.',
  },
  {
    id: 'verdict-reproduced',
    term: 'reproduced (verdict)',
    words:
      'Our 95% interval is on the paper\u2019s side of 0 and, widened by the tolerance on each side, holds the paper\u2019s figure: the same direction and the same size. A claim that something is held (an effect no larger than the tolerance) needs only the closeness, not the sign.',
  },
  {
    id: 'verdict-larger',
    term: 'larger effect (verdict)',
    words: 'The paper\u2019s direction, and our interval lies beyond the paper\u2019s figure by more than the tolerance: the effect is larger here than the paper reports.',
  },
  {
    id: 'verdict-smaller',
    term: 'smaller effect (verdict)',
    words: 'The paper\u2019s direction, and our interval lies short of the paper\u2019s figure by more than the tolerance: the effect is smaller here.',
  },
  {
    id: 'verdict-direction',
    term: 'direction only (verdict)',
    words: 'Our mean is on the paper\u2019s side of 0 but the interval includes 0: the direction is the paper\u2019s, its size and even its sign are not established.',
  },
  {
    id: 'verdict-not-reproduced',
    term: 'not reproduced (verdict)',
    words: 'Our mean is on the other side of 0 (or at 0), and the interval still reaches the paper\u2019s side: no effect in the paper\u2019s direction is shown.',
  },
  {
    id: 'verdict-opposite',
    term: 'opposite (verdict)',
    words: 'Our whole interval is on the other side of 0 from the paper\u2019s figure: the effect goes the other way here.',
  },
  {
    id: 'paper-models',
    term: 'GPT-4o, GPT-4-turbo and the papers\u2019 other models',
    words:
      'The real models a paper ran its claims on. The Papers view runs each claim on the SimLM preset of the same class: a 7B-class open model on small, a 17B-70B one on medium, a frontier API model such as GPT-4o on strong.',
  },
  {
    id: 'tf-idf',
    term: 'TF-IDF (the lexical embedder)',
    words:
      'Term frequency \u00d7 inverse document frequency: a tool or a task as its words, each weighted up where it is frequent in the text and down where it is common to all texts. The Lexical embedder uses it; it needs no model.',
  },
  {
    id: 'lru',
    term: 'LRU (a prompt cache)',
    words:
      'Least recently used: a cache that, when full, drops what was used longest ago. The prompt-cache models (Setup, under Model) keep earlier prompts\u2019 blocks this way, as vLLM does, to count the input tokens a server would not process again.',
  },
  {
    id: 'gguf',
    term: 'GGUF (a model file)',
    words:
      'The single-file format llama.cpp reads: a model\u2019s weights, its tokenizer and its settings (architecture, trained context length) in one file. Setup\u2019s wllama option runs such a file in this browser, on the CPU; the page reads its header first to show its size, architecture and context.',
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
