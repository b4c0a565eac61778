/*
 * The console's form kit, one place for every form page:
 * - Form (Form.tsx): the <form>, which sends nothing by itself and shares its errors with what is inside;
 * - Field (Field.tsx): a label, a control, a hint and an error, wired with aria-describedby/aria-invalid;
 *   given a problem `path`, it shows the form's problem there and the summary links to it;
 * - ErrorSummary (ErrorSummary.tsx): the refusal's headline and its problems, each linked to its field;
 * - SaveBar (SaveBar.tsx): the save button, the form's other actions, the save's state (save-state.ts),
 *   and the summary under them;
 * - problems.ts reads a refusal as FormErrors; field-values.ts reads what a field holds.
 * This file is what they share.
 */
import { type FieldProblem } from '@shared/schemas/common.schema';
import { createContext, useContext } from 'react';
import { type FormErrors } from './problems';

/** A field of a form, as the error summary links to it: the problem path it shows, its label, its control. */
export interface FieldEntry {
  path: string;
  /** The field shows the problems inside its path too (`origins[2]` for `origins`). */
  under: boolean;
  label: string;
  targetId: string;
}

/** What a form shares with its fields and its summary: the errors shown, and the fields that show them. */
export interface FormKit {
  errors: FormErrors | null;
  fields: readonly FieldEntry[];
  /** Adds a field; the returned function takes it away again. */
  register: (entry: FieldEntry) => () => void;
}

export const FormKitContext = createContext<FormKit | null>(null);

/** The form around a field or a summary; null outside a kit's Form. */
export function useFormKit(): FormKit | null {
  return useContext(FormKitContext);
}

/** Whether a field shows the problem at `path`. */
export function fieldShows(field: FieldEntry, path: string): boolean {
  if (path === field.path) return true;
  return field.under && (path.startsWith(`${field.path}.`) || path.startsWith(`${field.path}[`));
}

/** The error summary's content: problems linked to their field, problems marked elsewhere, and the rest. */
export interface SummaryModel {
  linked: { problem: FieldProblem; field: FieldEntry }[];
  /** Problems shown beside parts of the form that are not kit fields (rows of a table, a list editor). */
  marked: number;
  unclaimed: FieldProblem[];
}

/**
 * Sorts a refusal's problems for the summary: the first field showing a problem gets a link (in the fields'
 * order); a problem that `claims` says the form shows elsewhere is counted; every other one is listed with
 * its path.
 */
export function summaryOf(
  errors: FormErrors,
  fields: readonly FieldEntry[],
  claims?: (path: string) => boolean,
): SummaryModel {
  const model: SummaryModel = { linked: [], marked: 0, unclaimed: [] };
  for (const problem of errors.problems) {
    const field = fields.find((f) => fieldShows(f, problem.path));
    if (field) model.linked.push({ problem, field });
    else if (claims?.(problem.path)) model.marked += 1;
    else model.unclaimed.push(problem);
  }
  // In the fields' order (the order they came on the page), not the order the problems were found in.
  model.linked.sort((a, b) => fields.indexOf(a.field) - fields.indexOf(b.field));
  return model;
}
