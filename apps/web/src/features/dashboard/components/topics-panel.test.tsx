// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  courseLesson,
  courseTopic,
  dashboardAnswer,
  selectedCourse,
  programProgress,
  topicProgress,
} from '../testing/dashboard-answer.ts';
import { showWithDashboard } from '../testing/show-with-dashboard.tsx';
import { TopicsPanel } from './topics-panel.tsx';

/** A learner in their first topic ('Greetings'); 'Food' is done already, 'Family' still locked. */
const dashboard = dashboardAnswer({
  program: programProgress({ topicId: 10, lessonId: 101 }, [
    topicProgress(10, 'current', [[101, 'available']]),
    topicProgress(20, 'complete', [[201, 'complete']]),
    topicProgress(30, 'locked', [[301, 'locked']]),
  ]),
  course: selectedCourse([
    courseTopic(10, 'Greetings', [courseLesson(101, 'Hello')], { basic: true }),
    courseTopic(20, 'Food', [courseLesson(201, 'At the bakery')]),
    courseTopic(30, 'Family', [courseLesson(301, 'My brother')]),
  ]),
});

const showTopics = () => showWithDashboard(<TopicsPanel />, dashboard);

const topic = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });

afterEach(() => {
  cleanup();
});

describe("the dashboard's topics", () => {
  it("shows the current topic's lessons and draws a closed topic's only once it is opened", async () => {
    showTopics();
    expect(topic('Greetings').getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Start Hello' })).toBeTruthy();

    const food = topic('Food');
    expect(food.getAttribute('aria-expanded')).toBe('false');
    const foodLessons = document.getElementById(food.getAttribute('aria-controls') ?? '');
    expect(foodLessons?.hidden).toBe(true);
    expect(foodLessons?.textContent).toBe('');

    fireEvent.click(food);
    expect(food.getAttribute('aria-expanded')).toBe('true');
    expect(foodLessons?.hidden).toBe(false);
    expect(within(foodLessons!).getByRole('button', { name: 'Repeat At the bakery' })).toBeTruthy();

    fireEvent.click(topic('Family'));
    expect(screen.getByText('My brother')).toBeTruthy();
  });

  it("isolates the course's own names, so an Arabic interface cannot move a name's '?' to its start", () => {
    showTopics();
    // The continue card (course, program, next lesson and topic), every topic and the open topic's lesson.
    for (const name of ['German', 'German for beginners', 'Hello', 'Greetings', 'Food', 'Family']) {
      // A button's hidden words for screen readers ('Start Hello') are heard, not laid out.
      const shown = screen.getAllByText(name, { ignore: '.visually-hidden' });
      expect(shown.length).toBeGreaterThan(0);
      for (const element of shown) {
        expect(element.tagName).toBe('BDI');
        // The course's language is not the interface's: the name's own first strong letter decides.
        expect(element.getAttribute('dir')).toBe('auto');
      }
    }
  });
});
