import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { emptyOtp, OtpInput } from './OtpInput';

function Harness() {
  const [digits, setDigits] = useState(emptyOtp);
  return <OtpInput digits={digits} onChange={setDigits} />;
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const values = () => boxes().map((box) => box.value);

/** What a keystroke does to a box's value, as the browser would report it. */
const type = (box: HTMLInputElement, value: string) => fireEvent.change(box, { target: { value } });

describe('OtpInput (spec point 5)', () => {
  it('is six single-digit numeric boxes; the first offers the SMS code', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(6);
    expect(boxes()[0]!.getAttribute('autocomplete')).toBe('one-time-code');
    expect(boxes()[1]!.getAttribute('autocomplete')).toBe('off');
    for (const box of boxes()) expect(box.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByRole('group', { name: 'One-time password' })).toBeTruthy();
    expect(screen.getByLabelText('Digit 3 of 6')).toBe(boxes()[2]);
  });

  it('takes digits only and moves forward on entry', () => {
    render(<Harness />);
    boxes()[0]!.focus();
    type(boxes()[0]!, '4');
    expect(values()).toEqual(['4', '', '', '', '', '']);
    expect(document.activeElement).toBe(boxes()[1]);
    type(boxes()[1]!, 'a');
    expect(values()).toEqual(['4', '', '', '', '', '']);
    expect(document.activeElement).toBe(boxes()[1]);
    type(boxes()[1]!, '2');
    expect(document.activeElement).toBe(boxes()[2]);
    // A digit typed beside the one in a box replaces it.
    type(boxes()[0]!, '47');
    expect(values()).toEqual(['7', '2', '', '', '', '']);
  });

  it('moves back on backspace, clearing as it goes', () => {
    render(<Harness />);
    type(boxes()[0]!, '1');
    type(boxes()[1]!, '2');
    type(boxes()[2]!, '3');
    expect(document.activeElement).toBe(boxes()[3]);
    fireEvent.keyDown(boxes()[3]!, { key: 'Backspace' });
    expect(values()).toEqual(['1', '2', '', '', '', '']);
    expect(document.activeElement).toBe(boxes()[2]);
    fireEvent.keyDown(boxes()[2]!, { key: 'Backspace' });
    expect(values()).toEqual(['1', '', '', '', '', '']);
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.keyDown(boxes()[0]!, { key: 'Backspace' });
    expect(values()).toEqual(['', '', '', '', '', '']);
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('fills every box from a pasted 6-digit code, wherever it is pasted', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[3]!, { clipboardData: { getData: () => ' 482 913 ' } });
    expect(values()).toEqual(['4', '8', '2', '9', '1', '3']);
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it('ignores a paste without digits and spreads a shorter one from the box', () => {
    render(<Harness />);
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => 'hello' } });
    expect(values()).toEqual(['', '', '', '', '', '']);
    fireEvent.paste(boxes()[2]!, { clipboardData: { getData: () => '77' } });
    expect(values()).toEqual(['', '', '7', '7', '', '']);
  });

  it('takes the whole code when the browser autofills it into the first box', () => {
    render(<Harness />);
    type(boxes()[0]!, '605118');
    expect(values()).toEqual(['6', '0', '5', '1', '1', '8']);
  });
});
