import { LESSONS, lessonById, lessonStory } from '../../core/run/lessons';
import type { Story } from '../../core/run/stories';
import { useStore } from '../store';
import { revealLesson } from './lesson-actions';

/** Whether the open lesson is at its Predict step: neither its Run nor a reveal since it opened. */
export function useLessonPredicting(): boolean {
  return useStore((state) => state.lesson !== undefined && !state.lessonStarted);
}

/**
 * In place of Results' views while the open lesson is at Predict: a result on screen (the shipped
 * one, or the last lesson's) may be the answer the class is asked to predict. The lesson's Run, or
 * showing them without a prediction, brings them back.
 */
export function PredictCover({ onRun }: { onRun(story: Story): void }) {
  const lesson = lessonById(useStore((state) => state.lesson));
  const running = useStore((state) => state.status === 'running');
  if (!lesson) return null;
  const story = lessonStory(lesson);
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
          onClick={() => {
            revealLesson();
            onRun(story);
          }}
        >
          Run this lesson
        </button>
        <button type="button" data-testid="lesson-reveal" onClick={revealLesson}>
          Show the results without predicting
        </button>
      </div>
    </div>
  );
}
