import { PERMISSION_KEYS, type PermissionItem, type PermissionSection, parsePermissionKey } from './keys.js';

const sectionKeys = (section: PermissionSection): string[] =>
  [section.fullAccess, ...section.items].flatMap((i) => [i.manage, i.view]);

const normalise = (keys: Iterable<string>): string[] => {
  const set = new Set(keys);
  const known = PERMISSION_KEYS.filter((k) => set.has(k));
  const unknown = [...set].filter((k) => !parsePermissionKey(k));
  return [...known, ...unknown];
};

/**
 * Whether a checkbox of the role editor is ticked, either directly or through the full-access
 * entries of its section (full-access manage ticks everything, full-access view ticks every view).
 */
export const isPermissionChecked = (current: readonly string[], key: string): boolean => {
  const parsed = parsePermissionKey(key);
  if (!parsed) return false;
  const held = new Set(current);
  if (held.has(key)) return true;
  const { fullAccess } = parsed.section;
  if (held.has(fullAccess.manage)) return true;
  if (parsed.level === 'view') {
    return held.has(fullAccess.view) || held.has(parsed.item.manage);
  }
  return false;
};

/**
 * Whether a view checkbox is locked (ticked and not untickable) because the matching manage entry is
 * ticked. Manage checkboxes are never locked.
 */
export const isPermissionLocked = (current: readonly string[], key: string): boolean => {
  const parsed = parsePermissionKey(key);
  if (parsed?.level !== 'view') return false;
  return isPermissionChecked(current, parsed.item.manage);
};

const tick = (current: readonly string[], key: string): string[] => {
  const parsed = parsePermissionKey(key);
  if (!parsed) return normalise(current);
  const { item, section, level } = parsed;
  const inSection = new Set(sectionKeys(section));
  if (item.isFullAccess && level === 'manage') {
    // Choosing a section's full access manage replaces that section's other entries.
    return normalise([...current.filter((k) => !inSection.has(k)), item.manage, item.view]);
  }
  if (item.isFullAccess) {
    // Full access view keeps only view entries of the section.
    const kept = current.filter((k) => !inSection.has(k) || parsePermissionKey(k)?.level === 'view');
    return normalise([...kept, item.view]);
  }
  if (isPermissionChecked(current, key) && !current.includes(key)) {
    // Already granted through full access: nothing to add.
    return normalise(current);
  }
  // Ticking manage also ticks (and locks) view.
  return normalise(level === 'manage' ? [...current, item.manage, item.view] : [...current, item.view]);
};

/** Every item of the section except `except`, at the given level (manage also brings view). */
const expandSection = (section: PermissionSection, except: PermissionItem, withManage: boolean): string[] =>
  section.items.filter((i) => i !== except).flatMap((i) => (withManage ? [i.manage, i.view] : [i.view]));

const untick = (current: readonly string[], key: string): string[] => {
  const parsed = parsePermissionKey(key);
  if (!parsed || !isPermissionChecked(current, key)) return normalise(current);
  if (isPermissionLocked(current, key)) return normalise(current);
  const { item, section, level } = parsed;
  const { fullAccess } = section;
  if (item.isFullAccess) return normalise(current.filter((k) => k !== key));

  const held = new Set(current);
  if (level === 'manage' && held.has(fullAccess.manage)) {
    // Unticking one item while full access is held expands to all other items of the section;
    // the unticked item keeps its (previously locked) view.
    const rest = current.filter((k) => k !== fullAccess.manage && k !== fullAccess.view && k !== item.manage);
    return normalise([...rest, ...expandSection(section, item, true), item.view]);
  }
  if (level === 'view' && held.has(fullAccess.view)) {
    const rest = current.filter((k) => k !== fullAccess.view && k !== item.view);
    return normalise([...rest, ...expandSection(section, item, false)]);
  }
  return normalise(current.filter((k) => k !== key));
};

/**
 * Applies one checkbox change of the role editor (spec 001 §4 'Permission toggling'):
 * - ticking manage also ticks and locks view (a locked view cannot be unticked);
 * - choosing a section's full access manage replaces that section's other entries;
 * - unticking one item while full access is held expands to all other items of that section;
 * - full access view keeps only the section's view entries.
 * Unknown keys are left untouched. The result is de-duplicated, in catalogue order.
 */
export const togglePermission = (current: readonly string[], key: string, checked: boolean): string[] =>
  checked ? tick(current, key) : untick(current, key);
