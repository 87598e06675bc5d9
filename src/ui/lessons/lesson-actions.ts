import { lessonById, lessonStory } from '../../core/run/lessons';
import type { Story } from '../../core/run/stories';
import { useStore } from '../store';
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
