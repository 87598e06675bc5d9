import { lessonById, lessonStory } from '../../core/run/lessons';
import type { Story } from '../../core/run/stories';
import { useStore, type ResultOrigin } from '../store';
import { clearSpotlight } from './lesson-targets';

/** Opens a lesson: its story's setup in Setup, nothing run yet (the class predicts first). */
export function openLesson(id: string) {
  const lesson = lessonById(id);
  if (!lesson) return;
  const state = useStore.getState();
  clearSpotlight();
  useStore.setState({ lesson: lesson.id, lessonStarted: false });
  if (state.status !== 'running') state.setConfig({ ...lessonStory(lesson).config });
  state.setView('results');
}

export function closeLesson() {
  clearSpotlight();
  useStore.setState({ lesson: undefined, lessonStarted: false });
}

/** Past the lesson's Predict step (its Run, or the results shown without a prediction): Results show again. */
export function revealLesson() {
  useStore.setState({ lessonStarted: true });
}

/** Runs the lesson: past its Predict step, then its story's run (the lesson panel's Run and the Predict cover's). */
export function runLesson(story: Story, onRun: (story: Story) => void) {
  revealLesson();
  onRun(story);
}

/**
 * What a lesson's Run does where its story's result is on screen already (issue 42 item 1: "Run this
 * lesson" showed the shipped result in 43 ms, as if it had run): it shows that result and runs
 * nothing, so it says so, and where the result came from; undefined where Run runs.
 */
export function shownNotRun(origin: ResultOrigin | undefined): string | undefined {
  if (!origin) return undefined;
  switch (origin.kind) {
    case 'shipped':
      return 'This lesson\u2019s run ships with the page (computed in Node by npm run ship:default): \u201cShow its results\u201d shows it and runs nothing.';
    case 'stored':
      return 'This lesson\u2019s run was made in this browser before and is on screen: \u201cShow its results\u201d shows it and runs nothing.';
    case 'run':
      return 'This lesson\u2019s run is on screen from a run here: \u201cShow its results\u201d shows it and runs nothing.';
    case 'opened':
      return `This lesson\u2019s run is on screen from ${origin.file}: \u201cShow its results\u201d shows it and runs nothing.`;
  }
}

/**
 * Where the lesson's result on screen came from, once shown, where it was not run in this page
 * (issue 42 item 1: after "Show its results" the button read "Run again here", as if it had run
 * here); undefined for a run here.
 */
export function shownFrom(origin: ResultOrigin | undefined): string | undefined {
  switch (origin?.kind) {
    case 'shipped':
      return 'The result on screen ships with the page: it was computed in Node by npm run ship:default, not run in this browser.';
    case 'stored':
      return 'The result on screen was run in this browser before and kept.';
    case 'opened':
      return `The result on screen is the one opened from ${origin.file}.`;
    default:
      return undefined;
  }
}
