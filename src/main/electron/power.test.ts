import { describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../core/log/log'
import { FakePowerMonitor } from '@test/support/fake-electron'
import { watchPower } from './power'

function setup() {
  const powerMonitor = new FakePowerMonitor()
  const net = { online: true, isOnline() {
    return this.online
  } }
  const hooks = { suspend: vi.fn(), resume: vi.fn(), setOnline: vi.fn(), setActivity: vi.fn() }
  let visible = true
  let tick: () => void = () => {}
  const watch = watchPower({
    powerMonitor,
    net,
    hooks,
    isWindowVisible: () => visible,
    log: silentLogger,
    setInterval: (callback) => {
      tick = callback
      return 1
    },
    clearInterval: vi.fn(),
  })
  return { powerMonitor, net, hooks, watch, tick: () => tick(), setVisible: (v: boolean) => (visible = v) }
}

describe('watchPower', () => {
  it('rests the feed on sleep and reconnects at once on wake', () => {
    const { powerMonitor, hooks } = setup()
    powerMonitor.emit('suspend')
    expect(hooks.suspend).toHaveBeenCalledTimes(1)
    powerMonitor.emit('resume')
    expect(hooks.resume).toHaveBeenCalledTimes(1)
  })

  it('tells the feed when the network goes and comes back, once per change', () => {
    const { net, hooks, tick } = setup()
    expect(hooks.setOnline).not.toHaveBeenCalled()
    net.online = false
    tick()
    tick()
    net.online = true
    tick()
    expect(hooks.setOnline.mock.calls).toEqual([[false], [true]])
  })

  it('says offline at start when the network is already gone', () => {
    const powerMonitor = new FakePowerMonitor()
    const setOnline = vi.fn()
    watchPower({ powerMonitor, net: { isOnline: () => false }, hooks: { setOnline }, isWindowVisible: () => true, log: silentLogger, setInterval: () => 1, clearInterval: () => {} })
    expect(setOnline).toHaveBeenCalledWith(false)
  })

  it('reports the window hidden and the system idle or locked, on change only', () => {
    const { powerMonitor, hooks, tick, setVisible, watch } = setup()
    expect(hooks.setActivity.mock.calls).toEqual([[{ visible: true, idle: false, onBattery: false }]])
    setVisible(false)
    watch.check()
    powerMonitor.idleState = 'idle'
    tick()
    tick()
    powerMonitor.idleState = 'active'
    powerMonitor.emit('lock-screen')
    powerMonitor.emit('unlock-screen')
    expect(hooks.setActivity.mock.calls.slice(1)).toEqual([
      [{ visible: false, idle: false, onBattery: false }],
      [{ visible: false, idle: true, onBattery: false }],
      [{ visible: false, idle: false, onBattery: false }],
    ])
  })

  it('reports running on battery and back on mains, on change only; a power source it cannot read counts as mains', () => {
    const { powerMonitor, hooks, tick } = setup()
    powerMonitor.battery = true
    tick()
    tick()
    powerMonitor.battery = false
    tick()
    powerMonitor.battery = true
    tick()
    powerMonitor.battery = new Error('not supported')
    tick()
    expect(hooks.setActivity.mock.calls.map(([activity]) => activity.onBattery)).toEqual([false, true, false, true, false])
  })

  it('stops listening when disposed', () => {
    const { powerMonitor, hooks, watch } = setup()
    watch.dispose()
    powerMonitor.emit('resume')
    expect(hooks.resume).not.toHaveBeenCalled()
    expect(powerMonitor.listenerCount('suspend')).toBe(0)
  })
})
