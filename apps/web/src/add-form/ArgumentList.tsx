import type { Dispatch } from 'react';
import { TextInput } from '../ui/TextInput';
import { useFocusAfterRender } from '../ui/use-focus-after-render';
import type { AddFormAction, ListItem } from './form-state';
import { rowKey, type FieldErrors } from './validate';

interface ArgumentListProps {
  idPrefix: string;
  args: readonly ListItem[];
  /** Id the next added row will get, so focus can follow it. */
  nextId: number;
  errors: FieldErrors;
  dispatch: Dispatch<AddFormAction>;
}

/** The command's arguments, one box each, in the order they are passed. */
export function ArgumentList({ idPrefix, args, nextId, errors, dispatch }: ArgumentListProps) {
  const focusAfterRender = useFocusAfterRender();
  const inputId = (id: number) => `${idPrefix}-arg-${id}`;
  const addButtonId = `${idPrefix}-add-arg`;
  const hintId = `${idPrefix}-args-hint`;

  const move = (index: number, offset: -1 | 1, id: number) => {
    dispatch({ type: 'moveArg', index, offset });
    focusAfterRender(inputId(id));
  };

  return (
    <fieldset className="rows">
      <legend>Arguments</legend>
      <p id={hintId} className="hint">
        Passed after the command exactly as typed, one per box; they may start with “-”.
      </p>
      {args.length > 0 && (
        <ol className="row-list">
          {args.map((item, index) => {
            const position = index + 1;
            return (
              <li key={item.id} className="row-item">
                <span className="row-index" aria-hidden="true">
                  {position}
                </span>
                <div className="row-input">
                  <TextInput
                    id={inputId(item.id)}
                    aria-label="Argument"
                    hintId={hintId}
                    value={item.value}
                    error={errors[rowKey.arg(item.id)]}
                    onValueChange={(value) => {
                      dispatch({ type: 'setArg', id: item.id, value });
                    }}
                  />
                </div>
                <div className="row-actions">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move argument ${position} up`}
                    disabled={index === 0}
                    onClick={() => {
                      move(index, -1, item.id);
                    }}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move argument ${position} down`}
                    disabled={index === args.length - 1}
                    onClick={() => {
                      move(index, 1, item.id);
                    }}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Delete argument ${position}`}
                    onClick={() => {
                      dispatch({ type: 'deleteArg', id: item.id });
                      focusAfterRender(addButtonId);
                    }}
                  >
                    ×
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {errors.args !== undefined && <p className="field-error">{errors.args}</p>}
      <button
        type="button"
        id={addButtonId}
        className="secondary"
        onClick={() => {
          dispatch({ type: 'addArg' });
          focusAfterRender(inputId(nextId));
        }}
      >
        Add argument
      </button>
    </fieldset>
  );
}
