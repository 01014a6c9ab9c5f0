import { useState } from 'react';
import { scopeLabel } from '../scopes';
import { useServerList } from '../shared-queries';
import type { ApplyProfileResult, ProfileEntry } from '../trpc';
import { Dialog } from '../ui/Dialog';
import { ErrorAlert } from '../ui/ErrorAlert';
import { useApplyProfile } from './api';
import { applyReach, previewSentence, previewSteps, stepDone, type PreviewStep } from './profile-preview';

/** A profile applied: what was planned and each server's outcome, shown in the view once the dialog closes. */
export interface AppliedProfile {
  profile: string;
  steps: PreviewStep[];
  result: ApplyProfileResult;
}

const MOVE_WORDS: Record<PreviewStep['move'], string> = {
  on: 'Turns on',
  off: 'Turns off',
  unchanged: 'Stays as it is',
  missing: 'Not found',
};

const OUTCOME_WORDS: Record<ApplyProfileResult['results'][number]['outcome'], string> = {
  on: 'Switched on',
  off: 'Switched off',
  unchanged: 'Unchanged',
  missing: 'Missing',
  failed: 'Failed',
};

/**
 * Applying a profile, previewed first: what it turns off and on (from the profile and the list
 * shown), a confirm button, then each server's progress as the list follows the switches, and
 * each server's outcome.
 */
export function ApplyPreviewDialog({
  profile,
  projectPath,
  onApplied,
  onClose,
}: {
  profile: ProfileEntry;
  projectPath: string;
  /** Applied: the dialog closes and the view says how, so the message's Undo is not behind a dialog. */
  onApplied: (applied: AppliedProfile) => void;
  onClose: () => void;
}) {
  const list = useServerList(projectPath);
  const apply = useApplyProfile();
  const rows = list.data?.servers ?? [];
  // Kept from the moment of the confirm: the list then follows the switches, not the plan.
  const [planned, setPlanned] = useState<PreviewStep[] | null>(null);
  const steps = planned ?? previewSteps(profile, rows, projectPath);
  const started = planned !== null;
  return (
    <Dialog title={`Apply ${profile.name}?`} onClose={onClose} size="wide">
      <p>
        Applying {profile.name} {previewSentence(steps)}.
      </p>
      {apply.error !== null && <ErrorAlert message={apply.error.message} />}
      <ul className="profile-steps" aria-label="Servers it switches">
        {steps.map((step) => (
          <li key={`${step.scope}:${step.elsewhere ?? ''}:${step.name}`}>
            <strong>{step.name}</strong> ({scopeLabel(step.scope)}
            {step.elsewhere === undefined ? '' : ` in ${step.elsewhere}`}):{' '}
            <StepState step={step} rows={rows} result={apply.data} pending={apply.isPending} />
          </li>
        ))}
      </ul>
      {apply.data !== undefined && <p role="status">{apply.data.message}</p>}
      <div className="dialog-actions">
        {!started && list.data !== undefined && (
          <button
            type="button"
            className="primary"
            onClick={() => {
              setPlanned(steps);
              apply.mutate(
                { name: profile.name, projectPath },
                {
                  onSuccess: (result) => {
                    onApplied({ profile: profile.name, steps, result });
                  },
                },
              );
            }}
          >
            Apply {applyReach(steps)}
          </button>
        )}
        <button
          type="button"
          className="secondary"
          onClick={onClose}
          aria-disabled={apply.isPending || undefined}
        >
          {started ? 'Close' : 'Cancel'}
        </button>
      </div>
    </Dialog>
  );
}

/** After the apply, in the view: its message, then each server's own outcome. */
export function AppliedSteps({ applied }: { applied: AppliedProfile }) {
  return (
    <div className="profile-result">
      <p role="status">{applied.result.message}</p>
      <ul aria-label={`Servers ${applied.profile} switched`}>
        {applied.steps.map((step) => (
          <li key={`${step.scope}:${step.elsewhere ?? ''}:${step.name}`}>
            <strong>{step.name}</strong> ({scopeLabel(step.scope)}
            {step.elsewhere === undefined ? '' : ` in ${step.elsewhere}`}):{' '}
            <StepState step={step} rows={[]} result={applied.result} pending={false} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Before: what it will do; while applying: done or waiting, from the list; after: the server's own outcome. */
function StepState({
  step,
  rows,
  result,
  pending,
}: {
  step: PreviewStep;
  rows: Parameters<typeof stepDone>[1];
  result: ApplyProfileResult | undefined;
  pending: boolean;
}) {
  if (result !== undefined) {
    const outcome = result.results.find((one) => one.name === step.name && one.scope === step.scope);
    if (outcome !== undefined) {
      return (
        <span className={outcome.outcome === 'failed' ? 'note warn' : 'note muted'}>
          {OUTCOME_WORDS[outcome.outcome]}
          {outcome.outcome === 'failed' || outcome.outcome === 'missing' ? ` ${outcome.message ?? ''}` : ''}
        </span>
      );
    }
  }
  if (pending && step.move !== 'unchanged' && step.move !== 'missing') {
    return <span className="note muted">{stepDone(step, rows) ? 'Done' : 'Waiting…'}</span>;
  }
  return <span className="note muted">{MOVE_WORDS[step.move]}</span>;
}
