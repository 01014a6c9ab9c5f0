import { useId } from 'react';

export interface RadioOption<Value extends string> {
  value: Value;
  label: string;
  help?: string;
}

interface RadioGroupProps<Value extends string> {
  legend: string;
  name: string;
  options: readonly RadioOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  /** One option per line, for options with help text; otherwise they sit side by side. */
  stacked?: boolean;
}

/** A fieldset of radios; each option's help line describes its radio without joining its name. */
export function RadioGroup<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  stacked = false,
}: RadioGroupProps<Value>) {
  const id = useId();
  return (
    <fieldset className="radio-group">
      <legend>{legend}</legend>
      <div className={stacked ? 'radio-options stacked' : 'radio-options'}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <div key={option.value} className="radio-option">
              <input
                type="radio"
                id={optionId}
                name={name}
                value={option.value}
                checked={value === option.value}
                aria-describedby={option.help === undefined ? undefined : `${optionId}-help`}
                onChange={() => {
                  onChange(option.value);
                }}
              />
              <label htmlFor={optionId}>{option.label}</label>
              {option.help !== undefined && (
                <p id={`${optionId}-help`} className="hint">
                  {option.help}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
