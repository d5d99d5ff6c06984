import { type Diagnostics, itemPath } from './diagnostics.js';
import { boolText, readBoolText } from './values.js';

/** A Boolean item as either version holds it: its text and, when sent, its boolean property. */
export interface BooleanItem {
  readonly field_type: string;
  readonly text: string;
}

/** What a Boolean item says, once read: the value, the text that agrees with it, and whether it is unset. */
export interface ReadBoolean {
  readonly bool: boolean;
  /** `"True"`/`"False"` as the value says; `""` for an unset Boolean; the text itself when nothing can be read. */
  readonly text: string;
  /** `text: ""` and no true property: V1's and V2's unset Boolean. */
  readonly unset: boolean;
}

/**
 * The one reading of a Boolean item, in both directions. The value is the boolean property when
 * the item sends one (`from`: V1 `value`, V2 `bool_value`, or the early V2 draft's `value`), else
 * its text. The text written out agrees with the value, as V1 code compares `text === "True"`;
 * only an unset Boolean (`""` and false) stays empty. Conflicts, unreadable and re-cased texts
 * are reported; `reportUnset` reports unset ones too.
 */
export function readBooleanItem(
  diags: Diagnostics,
  item: BooleanItem,
  index: number,
  sent: boolean | undefined,
  names: { readonly from: string; readonly to: string },
  reportUnset = false,
): ReadBoolean {
  const slug = item.field_type;
  const read = readBoolText(item.text);
  const bool = sent ?? read === true;
  const unset = read === null && !bool;
  const text = unset ? '' : read === undefined && sent === undefined ? item.text : boolText(bool);
  const path = itemPath(index);
  if (sent !== undefined && ((typeof read === 'boolean' && read !== sent) || (read === null && sent) || read === undefined))
    diags.add(
      'boolean-conflict',
      slug,
      path,
      `text ${JSON.stringify(item.text)} disagrees with ${names.from} ${sent}: ${names.to} follows ${names.from}, and text is written ${JSON.stringify(text)}`,
    );
  else if (read === undefined)
    diags.add(
      'boolean-unreadable',
      slug,
      path,
      `text ${JSON.stringify(item.text)} is not "True", "False" or "": kept; ${names.to} is ${bool}`,
    );
  else if (item.text !== text)
    diags.add(
      'boolean-normalized',
      slug,
      path,
      `text ${JSON.stringify(item.text)} written as ${JSON.stringify(text)}, as V1 code compares it`,
    );
  else if (unset && reportUnset)
    diags.add('unset-boolean', slug, path, `"${slug}" is unset (text ""): ${names.to} is false, text stays ""`);
  return { bool, text, unset };
}
