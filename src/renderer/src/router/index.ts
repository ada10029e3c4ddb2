import { createRouter, createWebHashHistory, type RouteRecordRaw, type RouterHistory } from 'vue-router'
import AddressTimelineView from '@renderer/views/AddressTimelineView.vue'
import DashboardView from '@renderer/views/DashboardView.vue'
import NotificationsView from '@renderer/views/NotificationsView.vue'
import ProofDetailView from '@renderer/views/ProofDetailView.vue'
import ProofsView from '@renderer/views/ProofsView.vue'
import SettingsView from '@renderer/views/SettingsView.vue'
import TransactionDetailView from '@renderer/views/TransactionDetailView.vue'
import TransactionsView from '@renderer/views/TransactionsView.vue'
import WatchlistView from '@renderer/views/WatchlistView.vue'

export const routes: RouteRecordRaw[] = [
  { path: '/', name: 'dashboard', component: DashboardView },
  { path: '/proofs', name: 'proofs', component: ProofsView },
  { path: '/proofs/:account', name: 'proof', component: ProofDetailView },
  { path: '/transactions', name: 'transactions', component: TransactionsView },
  { path: '/transactions/:signature', name: 'transaction', component: TransactionDetailView },
  { path: '/watchlist', name: 'watchlist', component: WatchlistView },
  { path: '/address/:pubkey', name: 'address', component: AddressTimelineView },
  { path: '/notifications', name: 'notifications', component: NotificationsView },
  { path: '/settings', name: 'settings', component: SettingsView },
  { path: '/circuits', name: 'circuits', component: () => import('../views/CircuitsView.vue') },
  { path: '/:unknown(.*)*', redirect: '/' },
]

/** Hash history by default: the page is loaded from a file in Electron. */
export function createAppRouter(history: RouterHistory = createWebHashHistory()) {
  return createRouter({ history, routes })
}
