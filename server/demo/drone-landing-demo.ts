/*
 * Demo incident 2: a roof-survey drone over hall B meets gusts and magnetic interference from the
 * cooling units, loses position hold, and lands hard on the roof pad. Content only; demo-data.ts
 * writes it.
 */
import type { DemoIncident } from './demo-incident.ts';

export const droneLandingDemo: DemoIncident = {
  name: 'Roof survey drone hard landing, hall B',
  description:
    'On 21 March 2024 the quadcopter surveying the cooling units over data hall B lost position hold in gusty wind near the units, ' +
    'hit the low-battery failsafe during a manual recovery, and landed hard on the roof pad. Nobody was hurt; one arm and two propellers broke.',
  date: '2024-03-21',
  incidentTags: ['field-operations', 'sev3', 'hardware'],
  streams: [
    { key: 'flight', name: 'Flight controller log (PX4 ulog)', importFormat: 'tsv', tags: ['primary-evidence'] },
    { key: 'radio', name: 'Crew radio transcript', importFormat: 'tsv', tags: ['primary-evidence'] },
    { key: 'gcs', name: 'Ground control station alerts', importFormat: 'tsv', tags: ['automated'] },
    { key: 'ops', name: '#field-ops (chat)', importFormat: 'tsv' },
  ],
  actors: ['Sam Rivera', 'Jo Park', 'Jordan Alvarez', 'px4-autopilot', 'ground-control', 'weather-station'],
  events: [
    {
      at: '09:38:00',
      stream: 'ops',
      actor: 'Jordan Alvarez',
      message:
        'Roof survey of hall B starts at 09:40. Crew: Sam (remote pilot), Jo (visual observer). NOTAM not needed, below 50 m over our own site.',
    },
    {
      key: 'preflight',
      at: '09:40:05',
      seconds: 270,
      stream: 'radio',
      actor: 'Sam Rivera',
      message:
        'Starting preflight: two batteries at 100 %, 25.2 V; props and arms checked; compass calibrated on the pad.',
    },
    {
      at: '09:41:30',
      stream: 'gcs',
      actor: 'weather-station',
      message: 'Wind 6.2 m/s gusting 9.8 m/s from 250 degrees; temperature 9 C',
    },
    {
      at: '09:44:40',
      stream: 'gcs',
      actor: 'ground-control',
      message: 'Arming checks passed: GPS 3D fix, 17 satellites, HDOP 0.7; EKF2 healthy',
    },
    {
      at: '09:44:55',
      stream: 'radio',
      actor: 'Jo Park',
      message: 'Observer ready. Airspace clear, nobody on the roof.',
    },
    {
      key: 'takeoff',
      at: '09:45:12',
      seconds: 18,
      stream: 'flight',
      actor: 'px4-autopilot',
      message: 'Takeoff to 40 m AGL (climb 2.2 m/s)',
    },
    {
      at: '09:46:02',
      seconds: 720,
      stream: 'flight',
      actor: 'px4-autopilot',
      message: "Mission started: survey grid 'Hall B roof', 14 legs, 6 m/s, camera every 2 s",
    },
    {
      at: '09:52:30',
      stream: 'radio',
      actor: 'Jo Park',
      message: 'Leg 6 done. It is drifting a little on the turns over the cooling units.',
    },
    {
      key: 'gusts',
      at: '09:58:15',
      stream: 'gcs',
      actor: 'weather-station',
      message: 'Wind 9.1 m/s gusting 14.3 m/s from 265 degrees',
      tags: ['contributing-factor'],
    },
    {
      at: '09:58:50',
      stream: 'radio',
      actor: 'Sam Rivera',
      message: 'Gusts are up. Finishing leg 9, then I will bring it lower for the last legs.',
    },
    {
      key: 'vibration',
      at: '10:01:04',
      seconds: 35,
      stream: 'gcs',
      actor: 'ground-control',
      message: 'WARNING High vibration: Z-axis 42 m/s/s clipping (limit 30)',
    },
    {
      key: 'compass',
      at: '10:02:41',
      seconds: 64,
      stream: 'flight',
      actor: 'px4-autopilot',
      message: 'EKF2 compass inconsistency: mag field 0.71 G (expected 0.48 G) over cooling unit CU-3',
      tags: ['root-cause'],
    },
    {
      at: '10:03:02',
      stream: 'gcs',
      actor: 'ground-control',
      message: 'WARNING Position estimate degraded; horizontal accuracy 4.8 m',
    },
    {
      key: 'drift',
      at: '10:03:20',
      stream: 'radio',
      actor: 'Jo Park',
      message: 'It is drifting east towards the cooling towers, fast. Sam, do you see that?',
      tags: ['decision'],
    },
    {
      key: 'manual',
      at: '10:03:26',
      stream: 'radio',
      actor: 'Sam Rivera',
      message: 'Taking manual. Switching to position hold.',
      tags: ['decision'],
    },
    { at: '10:03:27', stream: 'flight', actor: 'px4-autopilot', message: 'Mode change: AUTO.MISSION -> POSCTL' },
    {
      at: '10:03:29',
      stream: 'flight',
      actor: 'px4-autopilot',
      message: 'EKF2 yaw reset (heading jumped 38 degrees); position hold rejected, falling back to ALTCTL',
    },
    {
      key: 'reply-drift1',
      at: '10:03:40',
      stream: 'radio',
      actor: 'Jo Park',
      message: 'Still drifting, about 15 m from the towers now.',
    },
    {
      key: 'reply-drift2',
      at: '10:03:48',
      stream: 'radio',
      actor: 'Sam Rivera',
      message: 'I have it in altitude mode, flying it by hand. Bringing it back west.',
    },
    {
      at: '10:04:30',
      stream: 'gcs',
      actor: 'ground-control',
      message: 'Battery 1: 31 %, 21.9 V; sag under load 3.45 V per cell',
    },
    {
      key: 'failsafe',
      at: '10:05:02',
      stream: 'flight',
      actor: 'px4-autopilot',
      message: 'Failsafe: low battery (25 %), RTL triggered',
      tags: ['contributing-factor'],
    },
    {
      key: 'abort',
      at: '10:05:06',
      stream: 'radio',
      actor: 'Sam Rivera',
      message: 'Aborting RTL, home point is behind the towers. Landing on the roof pad instead.',
      tags: ['decision'],
    },
    {
      at: '10:05:07',
      stream: 'flight',
      actor: 'px4-autopilot',
      message: 'Mode change: AUTO.RTL -> ALTCTL (pilot override)',
    },
    {
      key: 'descent',
      at: '10:05:20',
      seconds: 14,
      stream: 'flight',
      actor: 'px4-autopilot',
      message: 'Descending at 2.8 m/s (limit 1.5 m/s near ground); gust 13.6 m/s',
    },
    {
      key: 'landing',
      at: '10:05:34',
      stream: 'flight',
      actor: 'px4-autopilot',
      message: 'Hard landing detected: 4.1 g vertical impact; motors disarmed; ESC 2 reports no response',
      tags: ['damage'],
    },
    { at: '10:05:40', stream: 'radio', actor: 'Jo Park', message: 'Down on the pad. Hard. One prop is off.' },
    {
      at: '10:06:10',
      stream: 'gcs',
      actor: 'ground-control',
      message: 'Vehicle disarmed. Flight time 20 min 22 s; max altitude 41.3 m',
    },
    {
      key: 'inspection',
      at: '10:12:00',
      seconds: 600,
      stream: 'radio',
      actor: 'Jo Park',
      message:
        'Inspection: front-left arm cracked at the motor mount, props 2 and 3 shattered, battery 1 warm but not swollen. Roof membrane undamaged.',
      tags: ['damage'],
    },
    {
      at: '10:14:30',
      stream: 'ops',
      actor: 'Sam Rivera',
      message: 'Drone recovered from the roof. Logs pulled from the SD card; uploading the ulog now.',
    },
    {
      key: 'ground',
      at: '10:18:45',
      stream: 'ops',
      actor: 'Jordan Alvarez',
      message:
        'Grounding the fleet over hall B until the review. Facilities: please check CU-3, the compass readings near it were way off.',
      tags: ['decision'],
    },
    {
      at: '10:24:10',
      stream: 'ops',
      actor: 'Jo Park',
      message: 'Photos of the damage and the pad are in the incident folder.',
    },
    {
      at: '10:31:55',
      stream: 'ops',
      actor: 'Jordan Alvarez',
      message:
        'Facilities confirm CU-3 fan motor was replaced last week; new unit has an unshielded drive. That would explain the magnetic field.',
    },
  ],
  markers: [
    { at: '09:45:12', message: 'Take-off' },
    { at: '10:03:29', seconds: 125, message: 'Loss of position hold' },
    { at: '10:05:34', message: 'Hard landing' },
    { at: '10:14:30', message: 'Drone recovered' },
  ],
  notes: [
    {
      kind: 'write-up',
      text:
        'Summary: over cooling unit CU-3 the compass read 0.71 G instead of 0.48 G, the EKF reset its heading and position hold failed. ' +
        'In gusts of 14 m/s the pilot flew by hand in altitude mode until the low-battery failsafe fired; its return path crossed the ' +
        'cooling towers, so he landed on the roof pad at 2.8 m/s, twice the safe rate.',
    },
    {
      kind: 'interview',
      event: 'abort',
      text: 'Interview with Sam Rivera, 22 March: "RTL would have flown it straight through the tower plume. The pad was the only clear spot, and I came in too fast because of the gust."',
    },
    {
      kind: 'interview',
      event: 'drift',
      text: 'Interview with Jo Park: the drift started on the third pass over CU-3, every time at the same corner.',
    },
    {
      kind: 'intra-incident chat',
      event: 'ground',
      text: 'Jordan and facilities agreed in a side chat to keep drones 20 m away from CU-3 until it is shielded.',
    },
    {
      kind: 'document',
      event: 'compass',
      text: 'PX4 docs: EKF2 rejects the magnetometer above 0.15 G innovation; in POSCTL a yaw reset then falls back to ALTCTL.',
    },
    {
      kind: 'group review',
      text: 'Review on 27 March. Actions: plan survey legs 20 m clear of CU-3; set the RTL home point west of the towers; land at 1.5 m/s in gusts over 12 m/s.',
    },
  ],
  links: [
    {
      url: 'https://logs.example.com/flight-review/plot_app?log=7f3c2a9e',
      urlType: 'source',
      title: 'Flight review of the ulog',
      stream: 'flight',
    },
    {
      url: 'https://docs.px4.io/main/en/config/safety.html',
      urlType: 'other',
      title: 'PX4 safety and failsafe settings',
      event: 'failsafe',
    },
    {
      url: 'https://wiki.example.com/wiki/Field_ops/Roof_surveys',
      urlType: 'wikitech',
      title: 'Roof survey procedure',
    },
    {
      url: 'https://phabricator.example.com/T48377',
      urlType: 'phabricator',
      title: 'Shield the CU-3 drive or move the survey grid',
      event: 'compass',
    },
    {
      url: 'https://grafana.example.com/d/weather/roof-weather-station?from=1711013400000&to=1711016700000',
      urlType: 'grafana',
      title: 'Roof weather station, 09:30-10:25',
    },
  ],
  collections: [{ name: 'Crew decisions', events: ['drift', 'manual', 'abort', 'ground'] }],
  thread: { root: 'drift', replies: ['reply-drift1', 'reply-drift2'] },
};
