import type { Dispatch } from 'react';
import { SecretInput } from '../ui/SecretInput';
import { TextInput } from '../ui/TextInput';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import type { AddFormAction, Pair, PairListName } from './form-state';
import { rowKey, type FieldErrors } from './validate';

export interface PairListLabels {
  legend: string;
  hint: string;
  /** Lower-case noun used in button names: `Delete variable 2`. */
  noun: string;
  keyLabel: string;
  valueLabel: string;
  addLabel: string;
}

interface PairListProps {
  idPrefix: string;
  list: PairListName;
  labels: PairListLabels;
  pairs: readonly Pair[];
  nextId: number;
  errors: FieldErrors;
  dispatch: Dispatch<AddFormAction>;
  /** Values are hidden, each with its own Show (the edit form, filled with stored secrets). */
  masked?: boolean;
}

/** Name/value rows: environment variables of a stdio server or headers of an HTTP/SSE one. */
export function PairList({
  idPrefix,
  list,
  labels,
  pairs,
  nextId,
  errors,
  dispatch,
  masked = false,
}: PairListProps) {
  const focusAfterRender = useFocusAfterRender();
  const keyId = (id: number) => `${idPrefix}-${list}-key-${id}`;
  const addButtonId = `${idPrefix}-add-${list}`;
  const hintId = `${idPrefix}-${list}-hint`;
  const valueProps = (pair: Pair) => ({
    id: `${idPrefix}-${list}-value-${pair.id}`,
    'aria-label': labels.valueLabel,
    placeholder: labels.valueLabel,
    value: pair.value,
    error: errors[rowKey.pairValue(list, pair.id)],
    onValueChange: (value: string) => {
      dispatch({ type: 'setPair', list, id: pair.id, part: 'value', value });
    },
  });

  return (
    <fieldset className="rows">
      <legend>{labels.legend}</legend>
      <p id={hintId} className="hint">
        {labels.hint}
      </p>
      {pairs.length > 0 && (
        <ol className="row-list">
          {pairs.map((pair, index) => (
            <li key={pair.id} className="row-item pair">
              <div className="row-input">
                <TextInput
                  id={keyId(pair.id)}
                  aria-label={labels.keyLabel}
                  hintId={hintId}
                  placeholder={labels.keyLabel}
                  value={pair.key}
                  error={errors[rowKey.pairKey(list, pair.id)]}
                  onValueChange={(value) => {
                    dispatch({ type: 'setPair', list, id: pair.id, part: 'key', value });
                  }}
                />
              </div>
              <div className="row-input">
                {masked ? (
                  <SecretInput
                    secretName={pair.key === '' ? `${labels.noun} ${index + 1}` : pair.key}
                    {...valueProps(pair)}
                  />
                ) : (
                  <TextInput {...valueProps(pair)} />
                )}
              </div>
              <div className="row-actions">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Delete ${labels.noun} ${index + 1}`}
                  onClick={() => {
                    dispatch({ type: 'deletePair', list, id: pair.id });
                    focusAfterRender(addButtonId);
                  }}
                >
                  ×
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {errors[list] !== undefined && <p className="field-error">{errors[list]}</p>}
      <button
        type="button"
        id={addButtonId}
        className="secondary"
        onClick={() => {
          dispatch({ type: 'addPair', list });
          focusAfterRender(keyId(nextId));
        }}
      >
        {labels.addLabel}
      </button>
    </fieldset>
  );
}
