import { LESSONS, lessonById, lessonStory } from '../../core/run/lessons';
import type { Story } from '../../core/run/stories';
import { useStore } from '../store';
import { revealLesson, runLesson, shownNotRun } from './lesson-actions';
import { sameSetup } from '../setup-differences';

/**
 * Whether Results' views and Inspect are covered: the open lesson is at its Predict step (neither its
 * Run nor a reveal since it opened) while a result is on screen or a run goes, either of which may
 * answer the question the class is asked.
 */
export function usePredictCovered(): boolean {
  return useStore((state) => state.lesson !== undefined && !state.lessonStarted && (state.status === 'running' || state.result !== undefined));
}

/**
 * In place of Results' views while the open lesson is at Predict: a result on screen (the shipped
 * one, or the last lesson's) may be the answer the class is asked to predict. The lesson's Run, or
 * showing them without a prediction, brings them back. In Inspect (part 'inspect') it stands for the
 * trace, whose last step says how the task ended; its buttons are Results' cover's, above it.
 */
export function PredictCover(props: { part?: 'results'; onRun(story: Story): void } | { part: 'inspect' }) {
  const lesson = lessonById(useStore((state) => state.lesson));
  const running = useStore((state) => state.status === 'running');
  const result = useStore((state) => state.result);
  const origin = useStore((state) => state.origin);
  if (!lesson) return null;
  if (props.part === 'inspect')
    return (
      <div className="predict-cover" data-testid="lesson-cover-inspect">
        <p>
          <strong>Hidden while the class predicts.</strong> A task&rsquo;s trace shows how the task ended, so the traces show when the lesson
          runs, with the results.
        </p>
      </div>
    );
  const { onRun } = props;
  const story = lessonStory(lesson);
  // The result under the cover is the lesson's own run (the shipped one, say): its button shows it, and says so.
  const showOnly = result && !running && sameSetup(result.config, story.config) ? shownNotRun(origin) : undefined;
  return (
    <div className="predict-cover" data-testid="lesson-cover">
      <p>
        <strong>Hidden while the class predicts.</strong> Lesson {LESSONS.indexOf(lesson) + 1} asks: &ldquo;{lesson.predict[0]}&rdquo; Write the
        predictions down; the results show when the lesson runs.
      </p>
      <div className="predict-cover-actions">
        <button
          type="button"
          className="primary"
          disabled={running}
          data-testid="lesson-cover-run"
          onClick={() => runLesson(story, onRun)}
        >
          {showOnly ? 'Show its results' : 'Run this lesson'}
        </button>
        <button type="button" data-testid="lesson-reveal" onClick={revealLesson}>
          Show the results without predicting
        </button>
      </div>
      {showOnly && <p className="muted small">{showOnly} Its Run in this browser is in the lesson&rsquo;s panel above.</p>}
    </div>
  );
}
