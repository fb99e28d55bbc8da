import { useRef, type ClipboardEvent, type KeyboardEvent, type RefObject } from 'react';

import { OTP_LENGTH } from '../constants';
import * as styles from './LoginDialog.css';

interface Props {
  /** One entry per box: a digit or ''. */
  digits: readonly string[];
  onChange: (digits: string[]) => void;
  /** The first box, for focusing it from outside. */
  firstBoxRef?: RefObject<HTMLInputElement | null>;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

export const emptyOtp = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * Spec point 5: six single-digit boxes, digits only. Focus moves forward on entry and back on
 * backspace; a pasted or autofilled code fills the boxes from the first.
 */
export function OtpInput({ digits, onChange, firstBoxRef, invalid, describedBy, disabled }: Props) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `code` into the boxes from `start`; focus lands after the last digit written. */
  const fill = (start: number, code: string) => {
    const next = [...digits];
    const written = code.slice(0, OTP_LENGTH - start);
    [...written].forEach((digit, offset) => {
      next[start + offset] = digit;
    });
    onChange(next);
    focusBox(start + written.length);
  };

  const handleInput = (index: number, value: string) => {
    const entered = value.replace(/\D/g, '');
    if (entered.length === 0) {
      if (value === '') onChange(digits.map((d, i) => (i === index ? '' : d)));
      return;
    }
    if (entered.length === 1) {
      fill(index, entered);
      return;
    }
    // A digit typed beside the one already in the box: keep the new one.
    if (entered.length === 2 && digits[index]) {
      fill(index, entered[0] === digits[index] ? entered[1]! : entered[0]!);
      return;
    }
    // Several digits at once (autofill of the SMS code, a keyboard suggestion): a whole code
    // starts at the first box.
    fill(entered.length >= OTP_LENGTH ? 0 : index, entered);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      // Like deleting in one text field: the digit here, or else the one before.
      const target = digits[index] ? index : index - 1;
      if (target < 0) return;
      onChange(digits.map((d, i) => (i === target ? '' : d)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    event.preventDefault();
    if (pasted.length === 0) return;
    fill(pasted.length >= OTP_LENGTH ? 0 : index, pasted);
  };

  return (
    <div className={styles.otpBoxes} role="group" aria-label="One-time password" aria-describedby={describedBy}>
      {digits.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
            if (index === 0 && firstBoxRef) firstBoxRef.current = element;
          }}
          className={styles.otpBox}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          value={digit}
          onChange={(event) => handleInput(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
