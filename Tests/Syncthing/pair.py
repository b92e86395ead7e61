#!/usr/bin/env python3
"""Two real Syncthing instances on loopback carry Dispatch reports from one store to another.

Makes two Syncthing homes (device A and device B) that know only each other: listening on
127.0.0.1 at free ports, with discovery, relays, NAT, usage and crash reporting off, and one
shared folder each (the same folder ID) watched with a one-second delay. Makes two Dispatch
stores, each a device of its side's folder (`dispatch sync setup`). Then, --reports times:
files a report on A (`dispatch report` with a unique note), runs `dispatch sync` on A, and
polls B every 0.2 s (`dispatch sync`, then `dispatch reports show ID --json`) until the
report is in B's store; the time runs from just before A's `dispatch report`. Last, one report
filed on B is timed the same way into A's store.

Prints one JSON object on standard output (indented with --json):
  {"timings": [seconds, ...], "b_to_a": seconds, "syncthing_version": "v1.19.2", ...}
with, per report, "steps": seconds from the start to `dispatch sync` done on the filing device
("filed"), to the segment in the other device's folder ("arrived", watched every 10 ms) and to
the report in its store ("stored", the timing), and what the folders held at the end.
and exits 0. On any failure prints one line `pair.py: ...` and the tails of both Syncthing
logs to standard error, and exits 1. Both Syncthing processes are killed at exit, whatever
happens. Python 3 standard library only.

    python3 Tests/Syncthing/pair.py --dispatch .build/debug/dispatch --work /tmp/pair
"""

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
import xml.etree.ElementTree as ET

FOLDER_ID = "dispatch-sync"
# Seconds a report may take from A's `dispatch report` to B's store.
TIMEOUT = 60.0
# Seconds between two looks at B's store.
POLL = 0.2
# Seconds Syncthing may take to start, and the two instances to connect.
STARTUP = 60.0
# The note question of Dispatch's default questions: its answer is kept as typed.
NOTE_QUESTION = "What did you learn today?"


class Failure(Exception):
    """A step that failed: the message is the one line printed."""


def free_ports(count):
    """`count` distinct free TCP ports on 127.0.0.1 (each bound to port 0, then released)."""
    sockets = []
    try:
        for _ in range(count):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind(("127.0.0.1", 0))
            sockets.append(sock)
        return [sock.getsockname()[1] for sock in sockets]
    finally:
        for sock in sockets:
            sock.close()


def set_text(parent, tag, text):
    """Sets the text of `parent`'s child `tag`, adding the child when missing."""
    element = parent.find(tag)
    if element is None:
        element = ET.SubElement(parent, tag)
    element.text = str(text)


class Syncthing:
    """One Syncthing instance: its home, folder, ports, API key and process."""

    def __init__(self, name, work):
        self.name = name
        self.home = os.path.join(work, name, "syncthing")
        self.folder = os.path.join(work, name, "Sync")
        self.log_path = os.path.join(work, name, "syncthing.log")
        self.api_key = "dispatch-pair-" + name + "-" + uuid.uuid4().hex
        self.gui_port = 0
        self.listen_port = 0
        self.device_id = ""
        self.process = None
        self.log = None

    def generate(self):
        """`syncthing generate`, then reads this device's ID from the new config."""
        os.makedirs(os.path.dirname(self.home), exist_ok=True)
        completed = subprocess.run(
            ["syncthing", "generate", "--home", self.home, "--no-default-folder",
             "--skip-port-probing"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=syncthing_environment(),
            timeout=120, check=False)
        if completed.returncode != 0:
            raise Failure("syncthing generate for %s exited %d: %s" % (
                self.name, completed.returncode,
                completed.stdout.decode("utf-8", "replace").strip()))
        devices = ET.parse(self.config_path).getroot().findall("device")
        if len(devices) != 1 or not devices[0].get("id"):
            raise Failure("syncthing generate for %s made %d devices" % (self.name, len(devices)))
        self.device_id = devices[0].get("id")

    @property
    def config_path(self):
        return os.path.join(self.home, "config.xml")

    def configure(self, other):
        """Edits config.xml: loopback only, nothing announced or reported, `other` as the only
        peer, and the shared folder."""
        tree = ET.parse(self.config_path)
        root = tree.getroot()
        me = root.find("device")
        me.set("name", self.name)

        gui = root.find("gui")
        gui.set("enabled", "true")
        gui.set("tls", "false")
        set_text(gui, "address", "127.0.0.1:%d" % self.gui_port)
        set_text(gui, "apikey", self.api_key)

        options = root.find("options")
        for tag, value in [
            ("listenAddress", "tcp://127.0.0.1:%d" % self.listen_port),
            ("globalAnnounceEnabled", "false"),
            ("localAnnounceEnabled", "false"),
            ("relaysEnabled", "false"),
            ("natEnabled", "false"),
            ("urAccepted", "-1"),
            ("urSeen", "3"),
            ("crashReportingEnabled", "false"),
            ("startBrowser", "false"),
            ("autoUpgradeIntervalH", "0"),
            ("reconnectionIntervalS", "5"),
        ]:
            set_text(options, tag, value)
        # One listen address only: the generated config may hold several.
        for extra in options.findall("listenAddress")[1:]:
            options.remove(extra)

        defaults = root.find("defaults")
        peer = _copy(defaults.find("device"))
        peer.set("id", other.device_id)
        peer.set("name", other.name)
        for address in peer.findall("address"):
            peer.remove(address)
        address = ET.Element("address")
        address.text = "tcp://127.0.0.1:%d" % other.listen_port
        peer.insert(0, address)
        root.insert(list(root).index(me) + 1, peer)

        folder = _copy(defaults.find("folder"))
        folder.set("id", FOLDER_ID)
        folder.set("label", "Dispatch")
        folder.set("path", self.folder)
        folder.set("type", "sendreceive")
        folder.set("rescanIntervalS", "10")
        folder.set("fsWatcherEnabled", "true")
        folder.set("fsWatcherDelayS", "1")
        for device in folder.findall("device"):
            folder.remove(device)
        position = list(folder).index(folder.find("filesystemType")) + 1
        for device_id in (self.device_id, other.device_id):
            device = ET.Element("device", {"id": device_id, "introducedBy": ""})
            ET.SubElement(device, "encryptionPassword").text = ""
            folder.insert(position, device)
            position += 1
        root.insert(0, folder)
        tree.write(self.config_path, encoding="utf-8", xml_declaration=False)

        # The folder and its marker, as Syncthing makes them when a folder is added by hand.
        os.makedirs(os.path.join(self.folder, ".stfolder"), exist_ok=True)

    def start(self):
        self.log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            ["syncthing", "serve", "--home", self.home, "--no-browser", "--no-restart",
             "--no-upgrade", "--logflags=6"],
            stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT,
            env=syncthing_environment(), start_new_session=True)

    def stop(self):
        """Ends the process this object started (its own process group), and waits for it."""
        if self.process is not None and self.process.poll() is None:
            for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 5)):
                try:
                    os.killpg(self.process.pid, sig)
                except ProcessLookupError:
                    break
                try:
                    self.process.wait(timeout=wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        if self.log is not None:
            self.log.close()
            self.log = None

    def api(self, path):
        """GET `path` of the REST API, as JSON."""
        request = urllib.request.Request(
            "http://127.0.0.1:%d%s" % (self.gui_port, path), headers={"X-API-Key": self.api_key})
        with urllib.request.urlopen(request, timeout=5) as response:
            return json.loads(response.read().decode("utf-8"))

    def check_running(self):
        if self.process is not None and self.process.poll() is not None:
            raise Failure("syncthing %s exited %d" % (self.name, self.process.returncode))

    def log_tail(self, lines=25):
        try:
            with open(self.log_path, "rb") as log:
                text = log.read().decode("utf-8", "replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])


def _copy(element):
    return ET.fromstring(ET.tostring(element))


def syncthing_environment():
    environment = dict(os.environ)
    environment.update({"STNODEFAULTFOLDER": "1", "STNOUPGRADE": "1", "STNORESTART": "1"})
    return environment


def wait_until(description, timeout, check, instances):
    """Calls `check` every 0.2 s until it returns a true value, which is returned."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        for instance in instances:
            instance.check_running()
        try:
            value = check()
            if value:
                return value
        except (OSError, urllib.error.URLError, ValueError, KeyError) as error:
            last_error = error
        time.sleep(0.2)
    raise Failure("%s: not within %.0f s%s" % (
        description, timeout, " (last error: %s)" % last_error if last_error else ""))


def connected(a, b):
    """Whether `a` sees `b` connected."""
    connection = a.api("/rest/system/connections")["connections"].get(b.device_id) or {}
    return connection.get("connected", False)


def folder_idle(instance):
    status = instance.api("/rest/db/status?folder=" + FOLDER_ID)
    return status.get("state") == "idle" and not status.get("error")


class Store:
    """One Dispatch store, run through the `dispatch` binary."""

    def __init__(self, name, dispatch, work):
        self.name = name
        self.dispatch = dispatch
        self.path = os.path.join(work, name, "dispatch.sqlite")
        base = os.path.join(work, name, "dispatch-home")
        os.makedirs(os.path.join(base, "machine", "bin"), exist_ok=True)
        self.environment = dict(os.environ)
        for variable in ["DISPATCH_NOW", "DISPATCH_STORE", "DISPATCH_BINARY"]:
            self.environment.pop(variable, None)
        self.environment.update({
            "DISPATCH_STORE": self.path,
            "HOME": base,
            "XDG_DATA_HOME": os.path.join(base, "data"),
            "XDG_CONFIG_HOME": os.path.join(base, "config"),
            "XDG_STATE_HOME": os.path.join(base, "state"),
            "NO_COLOR": "1",
            "LANG": "C.UTF-8",
            # The sensors read an empty machine: nothing of this one goes into a report.
            "DISPATCH_SENSOR_ROOT": os.path.join(base, "machine"),
            "DISPATCH_SENSOR_PATH": os.path.join(base, "machine", "bin"),
        })

    def run(self, arguments, check=True):
        completed = subprocess.run(
            [self.dispatch] + arguments, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=self.environment, timeout=60, check=False)
        stdout = completed.stdout.decode("utf-8", "replace")
        stderr = completed.stderr.decode("utf-8", "replace")
        if check and completed.returncode != 0:
            raise Failure("dispatch %s on %s exited %d: %s" % (
                " ".join(arguments), self.name, completed.returncode, stderr.strip()))
        return completed.returncode, stdout, stderr

    def file_report(self, word):
        """Files a report whose note holds `word`; returns its ID."""
        _, stdout, _ = self.run([
            "report", "--no-sensors", "--json",
            "--answer", "%s=syncthing probe %s" % (NOTE_QUESTION, word)])
        return json.loads(stdout)["id"]

    def holds(self, report_id, word):
        """Whether report `report_id`, with `word` in its note, is in this store."""
        status, stdout, _ = self.run(["reports", "show", report_id, "--json"], check=False)
        if status != 0:
            return False
        report = json.loads(stdout)
        if isinstance(report, list):
            report = report[0] if report else {}
        return report.get("id") == report_id and word in json.dumps(report)


class Observations:
    """What the folders and `dispatch sync` showed along the way, for the report."""

    def __init__(self):
        self.other_files = set()
        self.skipped = []

    def look(self, folder):
        """Notes every name under devices/ that is none of a device's files (docs/sync.md)."""
        devices = os.path.join(folder, "devices")
        for current, folders, files in os.walk(devices):
            for name in files + [f + "/" for f in folders]:
                relative = os.path.relpath(os.path.join(current, name), folder)
                depth = relative.rstrip("/").count("/")
                if depth == 1 and name.endswith("/"):
                    continue  # devices/<device>/
                if name in ("device.json", "merged.json") or is_segment(name):
                    continue
                self.other_files.add(relative)

    def note_sync(self, stdout):
        try:
            summary = json.loads(stdout)
        except ValueError:
            return
        for problem in summary.get("skipped") or []:
            if problem not in self.skipped:
                self.skipped.append(problem)


def device_files(folder):
    """Every name inside `folder`/devices/<device>/, as `<device>/<name>`."""
    found = set()
    devices = os.path.join(folder, "devices")
    for device in os.listdir(devices) if os.path.isdir(devices) else []:
        try:
            names = os.listdir(os.path.join(devices, device))
        except OSError:
            continue
        found.update(device + "/" + name for name in names)
    return found


def is_segment(name):
    """Whether a file name is a segment's (`00000001.jsonl.gz`), as Dispatch reads them."""
    return name.endswith(".jsonl.gz") and len(name) == 17 and name[:8].isdigit()


class Arrival(threading.Thread):
    """Watches `folder` every 10 ms for a segment it does not hold yet: when Syncthing has put
    the new segment in place, apart from when Dispatch next looks. Notes on the way any other
    file that shows up in a device's folder (a temporary file)."""

    def __init__(self, folder):
        super().__init__(daemon=True)
        self.folder = folder
        # Set by the caller just before it starts the thread.
        self.started = 0.0
        self.before = {name for name in device_files(folder) if is_segment(name.split("/")[-1])}
        self.seconds = None
        self.others = set()
        self.done = threading.Event()

    def run(self):
        while not self.done.is_set():
            names = device_files(self.folder)
            self.others.update(
                "devices/" + name for name in names
                if not is_segment(name.split("/")[-1])
                and name.split("/")[-1] not in ("device.json", "merged.json"))
            if self.seconds is None and {
                    name for name in names if is_segment(name.split("/")[-1])} - self.before:
                self.seconds = time.monotonic() - self.started
            self.done.wait(0.01)


def carry(source, target, target_folder, observations, label):
    """Files a report on `source`, syncs it, and polls `target` until it holds it. Returns the
    seconds from just before `dispatch report` on `source` to: `dispatch sync` on `source`
    done (filed), the segment in `target`'s folder (arrived), the report in its store
    (stored)."""
    word = "probe%s" % uuid.uuid4().hex[:12]
    arrival = Arrival(target_folder)
    started = time.monotonic()
    arrival.started = started
    arrival.start()
    try:
        report_id = source.file_report(word)
        source.run(["sync"])
        filed = time.monotonic() - started
        deadline = started + TIMEOUT
        while True:
            _, stdout, _ = target.run(["sync", "--json"])
            observations.note_sync(stdout)
            observations.look(target_folder)
            if target.holds(report_id, word):
                stored = time.monotonic() - started
                break
            if time.monotonic() >= deadline:
                raise Failure("%s: report %s did not reach %s's store within %.0f s" % (
                    label, report_id, target.name, TIMEOUT))
            time.sleep(POLL)
    finally:
        arrival.done.set()
        arrival.join()
        observations.other_files.update(arrival.others)
    return {"filed": round(filed, 3), "arrived": round(arrival.seconds, 3)
            if arrival.seconds is not None else None, "stored": round(stored, 3)}


def folder_listing(folder):
    """Every file and folder under `folder`, relative, sorted."""
    listing = []
    for current, folders, files in os.walk(folder):
        for name in folders:
            listing.append(os.path.relpath(os.path.join(current, name), folder) + "/")
        for name in files:
            listing.append(os.path.relpath(os.path.join(current, name), folder))
    return sorted(listing)


def run(arguments, a, b):
    for instance in (a, b):
        instance.generate()
    a.gui_port, a.listen_port, b.gui_port, b.listen_port = free_ports(4)
    a.configure(b)
    b.configure(a)
    for instance in (a, b):
        instance.start()
    for instance in (a, b):
        wait_until("syncthing %s answering its REST API" % instance.name, STARTUP,
                   lambda instance=instance: instance.api("/rest/system/status").get("myID"),
                   (a, b))
    wait_until("syncthing A and B connected", STARTUP,
               lambda: connected(a, b) and connected(b, a), (a, b))
    wait_until("the shared folder idle on both", STARTUP,
               lambda: folder_idle(a) and folder_idle(b), (a, b))
    version = a.api("/rest/system/version").get("version", "")

    dispatch = os.path.abspath(arguments.dispatch)
    store_a = Store("A", dispatch, arguments.work)
    store_b = Store("B", dispatch, arguments.work)
    for store, instance, name in ((store_a, a, "a"), (store_b, b, "b")):
        store.run(["init"])
        store.run(["sync", "setup", "--folder", instance.folder, "--device-name", name])
    # Each side's devices/<device>/ reaches the other folder before anything is timed.
    def devices_seen():
        return all(
            len([d for d in os.listdir(os.path.join(i.folder, "devices"))
                 if not d.startswith(".")]) == 2
            for i in (a, b))
    wait_until("each folder holding both devices", STARTUP, devices_seen, (a, b))

    observations = Observations()
    steps = []
    for index in range(arguments.reports):
        steps.append(carry(store_a, store_b, b.folder, observations, "A to B #%d" % (index + 1)))
        a.check_running()
        b.check_running()
    b_to_a = carry(store_b, store_a, a.folder, observations, "B to A")

    _, listed, _ = store_b.run(["reports", "list", "--json"])
    _, listed_a, _ = store_a.run(["reports", "list", "--json"])
    return {
        "timings": [step["stored"] for step in steps],
        "b_to_a": b_to_a["stored"],
        "steps": steps,
        "b_to_a_steps": b_to_a,
        "syncthing_version": version,
        "reports_in_a": len(json.loads(listed_a)),
        "reports_in_b": len(json.loads(listed)),
        "poll_seconds": POLL,
        "timeout_seconds": TIMEOUT,
        "fs_watcher_delay_seconds": 1,
        "other_files_seen": sorted(observations.other_files),
        "skipped_segments": observations.skipped,
        "folder_a": folder_listing(a.folder),
        "folder_b": folder_listing(b.folder),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dispatch", required=True, help="the dispatch binary")
    parser.add_argument("--work", required=True, help="a folder for the homes, folders, stores")
    parser.add_argument("--reports", type=int, default=3, help="reports timed from A to B")
    parser.add_argument("--json", action="store_true", help="indent the JSON printed")
    arguments = parser.parse_args()
    if arguments.reports < 1:
        parser.error("--reports must be at least 1")

    def terminated(signum, _frame):
        raise Failure("stopped by signal %d" % signum)

    signal.signal(signal.SIGTERM, terminated)
    signal.signal(signal.SIGINT, terminated)

    if shutil.which("syncthing") is None:
        print("pair.py: syncthing is not on PATH", file=sys.stderr)
        return 1
    os.makedirs(arguments.work, exist_ok=True)
    a = Syncthing("A", arguments.work)
    b = Syncthing("B", arguments.work)
    try:
        result = run(arguments, a, b)
    except (Failure, OSError, subprocess.SubprocessError, ValueError, KeyError) as error:
        a.stop()
        b.stop()
        print("pair.py: %s" % error, file=sys.stderr)
        for instance in (a, b):
            print("--- syncthing %s log (last lines) ---\n%s" % (
                instance.name, instance.log_tail()), file=sys.stderr)
        return 1
    finally:
        a.stop()
        b.stop()
    print(json.dumps(result, indent=2 if arguments.json else None, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
