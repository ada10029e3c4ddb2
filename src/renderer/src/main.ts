import { createApp } from 'vue'
import { createPinia } from 'pinia'
import App from './App.vue'
import { createAppRouter } from './router'
import { useNavigationStore } from './stores/navigation'
import { useThemeStore } from './stores/theme'

const pinia = createPinia()
const router = createAppRouter()
const app = createApp(App).use(pinia).use(router)

// Before the first view: the saved theme is applied, and main can send the window to a view (notification click, deep link, tray).
void useThemeStore(pinia).start()
useNavigationStore(pinia).start(router)

app.mount('#app')
