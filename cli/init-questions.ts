import { assignmentProblem, valueAt } from './init-assignment.ts';
import type { InitDraft } from './init-command.ts';

/*
 * What `harness init` asks at a terminal: the same needs a --set answers (each key it cannot know that is no
 * secret), and the documented defaults its family says are the service's to decide (a tenancy, a MAC recipe,
 * mandatory fields). Secrets are never asked: init names the variables to export.
 */

/** One question: the key as --set names it, what it is for, and what Enter keeps. */
export interface InitQuestion {
  /** FAMILY.KEY.PATH, as `--set FAMILY.KEY.PATH=VALUE` takes it. */
  setKey: string;
  /** What the key is for and what to give (the family's own words). */
  about: string;
  /** The value init writes when the answer is empty: the documented default, the first choice, or a ${VAR}. */
  current: unknown;
  /** The values the key takes, when the schema lists them. */
  choices?: readonly unknown[];
}

/** The questions for what the draft still needs, in the order the entry is written; none for a key a flag set. */
export function initQuestions(draft: InitDraft): InitQuestion[] {
  const prefix = `targets.${draft.name}.families.`;
  const question = (key: string, about: string, choices?: readonly unknown[]): InitQuestion => {
    const setKey = key.slice(prefix.length);
    return { setKey, about, current: valueAt(draft.sections, setKey.split('.')), ...(choices ? { choices } : {}) };
  };
  const order = keyOrder(draft.sections);
  return [
    ...draft.needs.filter((need) => !need.secret).map((need) => question(need.key, need.needs, need.choices)),
    ...draft.defaults.flatMap((written) =>
      written.needs ? [question(written.key, written.needs, written.choices)] : [],
    ),
  ].sort((a, b) => order.indexOf(a.setKey) - order.indexOf(b.setKey));
}

/** Every dotted key path of the sections in the order they are written, for asking in that order. */
function keyOrder(sections: unknown): string[] {
  const keys: string[] = [];
  const walk = (value: unknown, path: string) => {
    keys.push(path);
    if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
  };
  walk(sections, '');
  return keys;
}

/** The check of an answer: what --set would find wrong with it (refinements relating keys judged at the end). */
export function answerCheck(draft: InitDraft): (assignment: string) => string | undefined {
  return (assignment) => assignmentProblem(draft.families, draft.sections, assignment, ['targets', draft.name]);
}
