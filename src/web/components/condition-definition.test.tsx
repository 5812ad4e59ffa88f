import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { CONDITIONS } from '../../shared/catalog.ts';
import { CONDITION_MIN_BATTERY } from '../../shared/conditions.ts';
import { englishLeft } from '../test/english-left.ts';
import { renderIn } from '../test/locale.ts';
import {
  BatteryConditionHint,
  batteryHealthHowTo,
  ConditionChoiceHelp,
  ConditionDefinition,
} from './condition-definition.tsx';

// What each condition grade means (docs/product.md#conditions), in both languages.

afterEach(() => renderIn('en'));

/** The words a laptop's own screens show (Windows' and macOS's menus, the battery report), kept as they read. */
const COMPUTER_WORDS = [
  'Windows',
  'Command',
  'Prompt',
  'powercfg',
  'batteryreport',
  'FULL',
  'CHARGE',
  'CAPACITY',
  'DESIGN',
  'mWh',
  'Mac',
  'System',
  'Settings',
  'Battery',
  'Health',
  'Information',
  'Power',
  'Maximum',
  'Capacity',
];

describe('a condition grade’s definition', () => {
  it('says what the screen, body, keyboard and battery of each grade are like, with its battery floor', () => {
    renderIn('en');
    for (const condition of CONDITIONS) {
      const { unmount } = render(<ConditionDefinition condition={condition} />);
      const items = screen.getAllByRole('listitem').map((li) => li.textContent);
      expect(items.map((text) => text?.split(':')[0])).toEqual(['Screen', 'Body', 'Keyboard', 'Battery']);
      expect(items[3]).toBe(`Battery: Health ${CONDITION_MIN_BATTERY[condition]}% or more of new.`);
      unmount();
    }
    render(<ConditionDefinition condition="excellent" />);
    expect(screen.getByText('Looks almost new and works like new.')).toBeInTheDocument();
    expect(screen.getByText('No scratches, no dead pixels.')).toBeInTheDocument();
  });

  it('reads in Bangla with Bangla digits, and leaves no English', () => {
    renderIn('bn');
    const { container } = render(<ConditionDefinition condition="good" />);
    expect(screen.getByText('হালকা ব্যবহারের ছাপ; পুরোপুরি কাজ করে।')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')[3]).toHaveTextContent('ব্যাটারি: নতুন অবস্থার ৭৫% বা তার বেশি।');
    expect(englishLeft(container)).toEqual([]);
  });
});

describe('the listing form’s condition help', () => {
  it('shows the chosen grade’s meaning, and every grade’s on demand', async () => {
    renderIn('en');
    const { rerender } = render(<ConditionChoiceHelp id="help" condition="" />);
    expect(screen.queryByTestId('condition-fair')).not.toBeVisible();
    await userEvent.click(screen.getByText('What each condition means'));
    const all = screen.getByRole('group');
    for (const condition of CONDITIONS) expect(within(all).getByTestId(`condition-${condition}`)).toBeVisible();

    rerender(<ConditionChoiceHelp id="help" condition="fair" />);
    expect(screen.getAllByTestId('condition-fair')).toHaveLength(2);
    expect(screen.getAllByText('Visible wear; works fully.')[0]).toBeVisible();
  });

  it('tells how to read the battery health on Windows and on a Mac, in both languages', () => {
    renderIn('en');
    expect(batteryHealthHowTo()).toBe(
      'Windows: type powercfg /batteryreport in Command Prompt, open the report it saves and divide FULL CHARGE CAPACITY by DESIGN CAPACITY (e.g. 42,000 of 50,000 mWh is 84%). Mac: System Settings → Battery → Battery Health, or System Information → Power → Maximum Capacity.',
    );
    renderIn('bn');
    const { container } = render(<p>{batteryHealthHowTo()}</p>);
    expect(container).toHaveTextContent('Command Prompt-এ powercfg /batteryreport লিখুন');
    expect(container).toHaveTextContent('৪২,০০০');
    expect(englishLeft(container, COMPUTER_WORDS)).toEqual([]);
  });
});

describe('the hint when the battery and the grade disagree', () => {
  // 'grade:battery', as the form holds them.
  const pairs = (list: string[]) => list.map((pair) => pair.split(':') as [string, string]);
  it.each(pairs(['excellent:60', 'excellent:84', 'good:74', 'fair:59', 'excellent:৬০']))(
    '%s with %s%%: the hint shows',
    (condition, battery) => {
      renderIn('en');
      render(<BatteryConditionHint condition={condition} batteryHealth={battery} />);
      expect(screen.getByRole('status')).toBeInTheDocument();
    },
  );
  it.each(pairs(['excellent:85', 'good:90', 'fair:60', ':10', 'excellent:', 'excellent:abc', 'excellent:150']))(
    '%s with %s%%: no hint',
    (condition, battery) => {
      renderIn('en');
      render(<BatteryConditionHint condition={condition} batteryHealth={battery} />);
      expect(screen.queryByRole('status')).toBeNull();
    },
  );

  it('words it gently, in Bangla too, reading Bangla digits', () => {
    renderIn('en');
    const { unmount } = render(<BatteryConditionHint condition="excellent" batteryHealth="60" />);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Excellent means a battery health of 85% or more; 60% fits a lower grade. Please check the number or the condition.',
    );
    unmount();
    renderIn('bn');
    render(<BatteryConditionHint condition="excellent" batteryHealth="৬০" />);
    expect(screen.getByRole('status')).toHaveTextContent('চমৎকার মানে ব্যাটারির অবস্থা ৮৫% বা তার বেশি; ৬০% হলে');
    expect(englishLeft(screen.getByRole('status'))).toEqual([]);
  });
});
