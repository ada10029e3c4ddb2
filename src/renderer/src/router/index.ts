import { createRouter, createWebHashHistory, type RouteRecordRaw, type RouterHistory } from 'vue-router'
import DashboardView from '@renderer/views/DashboardView.vue'

// The dashboard is the first screen, so it ships in the entry chunk; every other view is its own chunk, fetched on
// first visit, so a cold load parses only what it shows (its chart loads after its tiles: see SeriesPanel.vue).
export const routes: RouteRecordRaw[] = [
  { path: '/', name: 'dashboard', component: DashboardView },
  { path: '/proofs', name: 'proofs', component: () => import('@renderer/views/ProofsView.vue') },
  { path: '/proofs/:account', name: 'proof', component: () => import('@renderer/views/ProofDetailView.vue') },
  { path: '/transactions', name: 'transactions', component: () => import('@renderer/views/TransactionsView.vue') },
  {
    path: '/transactions/:signature',
    name: 'transaction',
    component: () => import('@renderer/views/TransactionDetailView.vue'),
  },
  { path: '/watchlist', name: 'watchlist', component: () => import('@renderer/views/WatchlistView.vue') },
  { path: '/address/:pubkey', name: 'address', component: () => import('@renderer/views/AddressTimelineView.vue') },
  { path: '/notifications', name: 'notifications', component: () => import('@renderer/views/NotificationsView.vue') },
  { path: '/settings', name: 'settings', component: () => import('@renderer/views/SettingsView.vue') },
  { path: '/circuits', name: 'circuits', component: () => import('@renderer/views/CircuitsView.vue') },
  { path: '/:unknown(.*)*', redirect: '/' },
]

/** Hash history by default: the page is loaded from a file in Electron. */
export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  return createRouter({ history, routes })
}
