import { useEffect, useMemo, useState } from 'react';
import './lessons.css';
import { LESSONS, lessonById, lessonCaveats, lessonFindings, lessonStory } from '../../core/run/lessons';
import type { Story } from '../../core/run/stories';
import { useStore } from '../store';
import { sameSetup } from '../setup-differences';
import { clearSpotlight, pointAt } from './lesson-targets';
import { closeLesson, openLesson, revealLesson, runLesson, shownFrom, shownNotRun } from './lesson-actions';
import { DEFAULT_STORY } from '../../core/run/stories';

/**
 * The open lesson, above Results: questions to predict, one Run, then the part of Results to look
 * at (outlined and scrolled to), what the run showed and its caveats, both computed from the run on
 * screen (core/run/lessons.ts), and a question to discuss.
 */
export function LessonPanel({ onRun, onRunHere }: { onRun(story: Story): void; /** Runs the story in this browser even where its result is on screen. */ onRunHere(story: Story): void }) {
  const lesson = lessonById(useStore((state) => state.lesson));
  const started = useStore((state) => state.lessonStarted);
  const result = useStore((state) => state.result);
  const running = useStore((state) => state.status === 'running');
  const config = useStore((state) => state.config);
  const origin = useStore((state) => state.origin);
  const story = lesson && lessonStory(lesson);
  // What the lesson says of a run needs that run on screen: its story's setup, finished, after the lesson's Run.
  const shown = Boolean(lesson && story && started && !running && result && sameSetup(result.config, story.config));
  const findings = useMemo(() => (shown && lesson && result ? lessonFindings(lesson, result.results) : undefined), [shown, lesson, result]);
  const caveats = useMemo(() => (findings && lesson && result ? lessonCaveats(lesson, result, findings) : undefined), [findings, lesson, result]);
  const [pointed, setPointed] = useState(0);
  useEffect(() => {
    if (!shown || !lesson) {
      clearSpotlight();
      return;
    }
    return pointAt(lesson.look.target);
  }, [shown, lesson, pointed]);
  if (!lesson || !story) return null;
  const index = LESSONS.indexOf(lesson);
  const previous = LESSONS[index - 1];
  const next = LESSONS[index + 1];
  const setupDiffers = !sameSetup(story.config, config);
  // Its story's result is on screen already: Run would only show it, so the button says Show and a second one runs.
  const onScreen = !running && result !== undefined && sameSetup(result.config, story.config);
  // Nothing on screen yet, but the story's result ships with the page: Run would show that, not run (issue 42 item 1).
  const shipsWith = !running && !onScreen && story.id === DEFAULT_STORY.id;
  const showOnly = onScreen && !shown ? shownNotRun(origin) : shipsWith ? shownNotRun({ kind: 'shipped' }) : undefined;
  // Shown, but not run here: its Run runs it here for the first time, so it says so rather than "again".
  const shownNotHere = shown ? shownFrom(origin) : undefined;
  return (
    <section className="lesson-panel panel" aria-labelledby="lesson-title" data-testid="lesson-panel" data-lesson={lesson.id}>
      <div className="lesson-head">
        <h2 id="lesson-title">
          <span className="muted small">
            Lesson {index + 1} of {LESSONS.length}:
          </span>{' '}
          {lesson.title}
        </h2>
        <button type="button" className="small-button" onClick={closeLesson} data-testid="lesson-close" aria-label="Close the lesson">
          Close
        </button>
      </div>
      <div className="lesson-body">
        <div className="lesson-step">
          <h3>1. Predict</h3>
          <ul data-testid="lesson-predict">
            {lesson.predict.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ul>
          <p className="muted small">
            Write your answers down. The run is the story &ldquo;{story.title}&rdquo;: {story.config.tasks} tasks &times; {story.config.seeds} seeds of{' '}
            {story.config.strategies.length} strategies.{!started && ' Results stay hidden until the lesson runs.'}
          </p>
        </div>
        <div className="lesson-step">
          <h3>2. Run</h3>
          <button
            type="button"
            className="primary"
            disabled={running}
            data-testid="lesson-run"
            onClick={() => {
              setPointed((n) => n + 1);
              // Run again runs: the result on screen is this story's, which Run alone would only show again.
              if (shown) {
                revealLesson();
                onRunHere(story);
              } else runLesson(story, onRun);
            }}
          >
            {running && started ? 'Running\u2026' : shown ? (shownNotHere ? 'Run it in this browser' : 'Run again here') : showOnly ? 'Show its results' : 'Run this lesson'}
          </button>
          {shownNotHere && (
            <p className="muted small" data-testid="lesson-run-note">
              {shownNotHere}
            </p>
          )}
          {showOnly && (
            <>
              {' '}
              <button
                type="button"
                disabled={running}
                data-testid="lesson-run-here"
                onClick={() => {
                  setPointed((n) => n + 1);
                  revealLesson();
                  onRunHere(story);
                }}
              >
                Run it in this browser
              </button>
              <p className="muted small" data-testid="lesson-run-note">
                {showOnly}
              </p>
            </>
          )}
          {setupDiffers && !running && <p className="muted small">Setup has changed since the lesson opened; Run sets the lesson&rsquo;s setup again.</p>}
        </div>
        <div className="lesson-step">
          <h3>3. Look</h3>
          <p>
            {shown ? 'Outlined below, ' : 'After the run, '}
            {lesson.look.words}.{' '}
            {shown && (
              <button type="button" className="small-button" data-testid="lesson-show" onClick={() => setPointed((n) => n + 1)}>
                Show me
              </button>
            )}
          </p>
          {findings && caveats && (
            <>
              <h4>What this run shows</h4>
              <ul data-testid="lesson-findings">
                {findings.map((finding) => (
                  <li key={finding.text} data-direction={finding.direction} className={`finding finding-${finding.direction}`}>
                    {finding.text}
                  </li>
                ))}
              </ul>
              <h4>Caveats</h4>
              <ul className="small" data-testid="lesson-caveats">
                {caveats.map((caveat) => (
                  <li key={caveat}>{caveat}</li>
                ))}
              </ul>
            </>
          )}
        </div>
        {shown && (
          <div className="lesson-step">
            <h3>4. Discuss</h3>
            <p data-testid="lesson-discuss">{lesson.discuss}</p>
          </div>
        )}
      </div>
      <nav className="lesson-nav" aria-label="Lessons">
        {previous && (
          <a href={`#lesson=${previous.id}`} onClick={(event) => (event.preventDefault(), openLesson(previous.id))} data-testid="lesson-previous">
            &larr; {previous.title}
          </a>
        )}
        {next && (
          <a href={`#lesson=${next.id}`} onClick={(event) => (event.preventDefault(), openLesson(next.id))} data-testid="lesson-next">
            Next: {next.title} &rarr;
          </a>
        )}
      </nav>
    </section>
  );
}
