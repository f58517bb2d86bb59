import { describe, expect, it } from 'vitest';
import { DashboardHeaderBody, RegisterBody } from './auth';
import { STORAGE_KEYS, successRateBand } from './constants';
import { buildPath, IdParams } from './http';
import { allRoutes } from './index';
import { normaliseHeader, STUDENT_TEMPLATE } from './upload-template';

describe('contract', () => {
  it('fills path parameters and encodes them', () => {
    expect(buildPath('/api/admin/users/:id/reports', { id: 7 })).toBe('/api/admin/users/7/reports');
    expect(buildPath('/api/x/:id', { id: 'a b' })).toBe('/api/x/a%20b');
    expect(() => buildPath('/api/x/:id', {})).toThrow('Missing path parameter id');
  });

  it('declares every route once, under /api', () => {
    const keys = allRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(allRoutes.every((r) => r.path.startsWith('/api/'))).toBe(true);
  });

  it('bands success rates at 90 and 70', () => {
    expect(successRateBand(90)).toBe('high');
    expect(successRateBand(89.99)).toBe('medium');
    expect(successRateBand(70)).toBe('medium');
    expect(successRateBand(69.99)).toBe('low');
  });

  it('names the storage keys of docs/PRODUCT.md#constants-and-limits', () => {
    expect(STORAGE_KEYS.selectedTab('Alpha+')).toBe('dashboard-selected-tab-Alpha+');
    expect(STORAGE_KEYS.dockState('Beta')).toBe('dock-state-Beta');
  });

  it('validates the dashboard header with the spec messages', () => {
    expect(DashboardHeaderBody.safeParse({ dashboardHeader: '  ' }).error?.issues[0]?.message).toBe(
      'Dashboard header cannot be empty',
    );
    expect(
      DashboardHeaderBody.safeParse({ dashboardHeader: 'x'.repeat(256) }).error?.issues[0]?.message,
    ).toBe('Dashboard header must be less than 255 characters');
  });

  it('applies the register rules', () => {
    const ok = RegisterBody.safeParse({
      username: 'asha',
      fullName: 'Asha K',
      email: 'a@b.co',
      password: 'secret1',
    });
    expect(ok.success).toBe(true);
    const bad = RegisterBody.safeParse({ username: 'as', fullName: 'A', email: 'nope', password: '12345' });
    expect(bad.error?.issues.map((i) => i.path[0])).toEqual(['username', 'fullName', 'email', 'password']);
    expect(IdParams.safeParse({ id: '0' }).success).toBe(false);
  });

  it('matches template headers case- and space-insensitively', () => {
    expect(normaliseHeader(' Student ID ')).toBe(normaliseHeader('student_id'));
    expect(STUDENT_TEMPLATE.columns.filter((c) => c.required).map((c) => c.name)).toEqual([
      'student_id',
      'student_name',
      'gender',
      'grade',
      'project_submitted',
    ]);
  });
});
