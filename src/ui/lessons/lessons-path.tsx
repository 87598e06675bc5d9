import { LESSONS, lessonStory } from '../../core/run/lessons';
import { openLesson } from './lesson-actions';

/** The lessons in order, each a link (`#lesson=<id>`) a teacher can hand out; a click opens it here. */
export function LessonsPath({ onClose }: { onClose(): void }) {
  return (
    <section className="lessons-path panel" id="lessons" aria-labelledby="lessons-title" data-testid="lessons-path">
      <div className="lesson-head">
        <h2 id="lessons-title">Lessons for a class</h2>
        <button type="button" className="small-button" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="muted small">
        Each lesson asks a question to predict, runs one story with one click, outlines the part of Results to look at, says what
        that run showed (with its caveats) and ends on a question to discuss. The runs use a simulated model.
      </p>
      <ol>
        {LESSONS.map((lesson) => (
          <li key={lesson.id}>
            <a
              href={`#lesson=${lesson.id}`}
              data-testid={`lesson-link-${lesson.id}`}
              onClick={(event) => {
                event.preventDefault();
                openLesson(lesson.id);
                onClose();
              }}
            >
              {lesson.title}
            </a>{' '}
            <span className="muted small">
              {lesson.predict[0]} (the story &ldquo;{lessonStory(lesson).title}&rdquo;)
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
