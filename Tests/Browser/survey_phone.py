#!/usr/bin/python3
"""The survey page on a phone-sized Chromium (390 x 844, touch), driven by Selenium.

Pairs through a one-time link, answers a survey with every question type and number style,
files it, then files a second survey while the network is off and checks it is sent once
the network is back. Prints one JSON object with what it saw; the Swift test
(ServeBrowserTests) checks the store against it. Screenshots go to --artifacts.
"""
import argparse
import json
import os
import sys
import time
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--window-size=390,844"):
        options.add_argument(argument)
    options.add_experimental_option("mobileEmulation", {
        "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3, "touch": True},
        "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
                     "(KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36"})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def field(driver, prompt):
    """The input a <label> with this text is for: the page must label every field."""
    label = driver.find_element(By.XPATH, f"//label[normalize-space()={json.dumps(prompt)}]")
    return driver.find_element(By.ID, label.get_attribute("for"))


def group(driver, prompt):
    """The fieldset whose legend is this text."""
    return driver.find_element(
        By.XPATH, f"//fieldset[legend[normalize-space()={json.dumps(prompt)}]]")


def choose(driver, prompt, *choices):
    for choice in choices:
        group(driver, prompt).find_element(
            By.XPATH, f".//label[normalize-space()={json.dumps(choice)}]").click()


def question(driver, prompt):
    """The block of a question whose label is this text."""
    return field(driver, prompt).find_element(By.XPATH, "./ancestor::div[contains(@class,'q ')]")


def unlabelled_fields(driver):
    """Visible fields with no label: not inside one, not named by label[for], not in a
    fieldset with a legend."""
    return driver.execute_script("""
        return Array.from(document.querySelectorAll('#survey input:not([type=hidden]), #survey textarea'))
          .filter((input) => !input.closest('label')
            && !(input.id && document.querySelector('label[for="' + input.id + '"]'))
            && !input.closest('fieldset')?.querySelector('legend'))
          .map((input) => input.name);""")


def wait(driver, condition, seconds=60):
    # Generous: on a loaded two-core machine Chromium can be ten times slower than alone.
    return WebDriverWait(driver, seconds, poll_frequency=0.2).until(condition)


STARTED = time.monotonic()


def step(name):
    """Logs a step with the seconds since start to stderr, so a slow run says where."""
    print(f"{time.monotonic() - STARTED:7.1f} s  {name}", file=sys.stderr, flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pair-url", required=True)
    parser.add_argument("--artifacts", required=True)
    args = parser.parse_args()
    os.makedirs(args.artifacts, exist_ok=True)
    base = urllib.parse.urljoin(args.pair_url, "/")
    seen = {}
    step("starting Chromium")
    driver = browser()
    # Selenium waits five minutes for a page by default: fail sooner, and say so.
    driver.set_page_load_timeout(90)
    driver.set_script_timeout(60)
    try:
        step("pairing")
        driver.get(args.pair_url)
        driver.find_element(By.XPATH, "//button[normalize-space()='Pair this browser']").click()
        wait(driver, lambda d: d.find_elements(By.ID, "survey"))
        seen["width"] = driver.execute_script("return document.documentElement.clientWidth")
        seen["scrollWidth"] = driver.execute_script(
            "return document.documentElement.scrollWidth")
        seen["unlabelled"] = unlabelled_fields(driver)
        driver.save_screenshot(os.path.join(args.artifacts, "survey-390.png"))

        step("answering")
        choose(driver, "Are you working?", "Yes")
        field(driver, "What are you doing?").send_keys("reading, tea")
        field(driver, "Where are you?").send_keys("Home")
        field(driver, "Who are you with?").send_keys("Maya")
        field(driver, "How many coffees did you have today?").send_keys("2")
        field(driver, "What did you learn today?").send_keys("Selenium files surveys")
        choose(driver, "How do you feel?", "Calm", "Focused")
        eaten = field(driver, "When did you last eat?")
        driver.execute_script("arguments[0].value = '07:30'", eaten)
        question(driver, "When did you last eat?").find_element(
            By.XPATH, ".//label[normalize-space()='yesterday']").click()
        happy = field(driver, "How happy are you?")
        happy.send_keys(Keys.ARROW_RIGHT, Keys.ARROW_RIGHT)
        stress = field(driver, "Stress level?")
        stress.send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT)
        choose(driver, "How energetic do you feel?", "4")
        glasses = question(driver, "Glasses of water?")
        for _ in range(2):
            glasses.find_element(By.CSS_SELECTOR, "button[aria-label=More]").click()
        stairs = question(driver, "Flights of stairs?")
        for _ in range(3):
            stairs.find_element(By.CSS_SELECTOR, "button.tap").click()
        driver.find_element(By.XPATH, "//button[normalize-space()='Review']").click()
        wait(driver, lambda d: d.find_element(By.ID, "review").is_displayed())
        seen["review"] = {
            dt.text: dd.text for dt, dd in zip(
                driver.find_elements(By.CSS_SELECTOR, "#review dt"),
                driver.find_elements(By.CSS_SELECTOR, "#review dd"))}
        driver.save_screenshot(os.path.join(args.artifacts, "review-390.png"))
        step("filing")
        driver.find_element(By.XPATH, "//button[normalize-space()='File report']").click()
        wait(driver, lambda d: "/filed/" in d.current_url)
        seen["filed"] = urllib.parse.unquote(d_path(driver.current_url).split("/filed/")[1])
        seen["filedPage"] = driver.find_element(By.TAG_NAME, "main").text

        # Offline: the page comes from the service worker, answers wait on the phone.
        step("waiting for the service worker")
        driver.get(base)
        wait(driver, lambda d: d.execute_script(
            "return !!(navigator.serviceWorker && navigator.serviceWorker.controller)")
            or d.refresh(), 90)
        step("offline")
        driver.set_network_conditions(
            offline=True, latency=0, download_throughput=1024 * 1024,
            upload_throughput=1024 * 1024)
        driver.get(base)
        wait(driver, lambda d: d.find_elements(By.ID, "survey"))
        seen["offlinePage"] = True
        field(driver, "What did you learn today?").send_keys("answered offline")
        choose(driver, "Are you working?", "No")
        driver.find_element(By.XPATH, "//button[normalize-space()='Review']").click()
        driver.find_element(By.XPATH, "//button[normalize-space()='File report']").click()
        wait(driver, lambda d: "Saved offline" in d.find_element(By.ID, "review").text)
        kept = driver.execute_script("return JSON.parse(localStorage.getItem('dispatch.outbox'))")
        fields = urllib.parse.parse_qs(kept[0]["body"])
        seen["offline"] = {"count": len(kept), "id": fields["id"][0],
                           "answeredAt": int(fields["answered_at"][0])}
        driver.save_screenshot(os.path.join(args.artifacts, "offline-390.png"))
        time.sleep(2)
        step("back online")
        driver.set_network_conditions(
            offline=False, latency=0, download_throughput=-1, upload_throughput=-1)
        wait(driver, lambda d: d.execute_script(
            "return (JSON.parse(localStorage.getItem('dispatch.outbox')) || []).length") == 0, 90)
        step("sending again")
        # A second send of the same answers, as a flaky network would cause.
        driver.execute_script("""
            return fetch('/file', {method: 'POST', body: arguments[0], credentials: 'same-origin',
              headers: {'Content-Type': 'application/x-www-form-urlencoded',
                        'Accept': 'application/json'}}).then((r) => r.status);""",
                              kept[0]["body"])
        seen["console"] = [entry["message"] for entry in driver.get_log("browser")
                           if entry["level"] == "SEVERE" and "Failed to fetch" not in entry["message"]
                           and "ERR_INTERNET_DISCONNECTED" not in entry["message"]]
    finally:
        driver.quit()
    step("done")
    print(json.dumps(seen))


def d_path(url):
    return urllib.parse.urlparse(url).path


if __name__ == "__main__":
    sys.exit(main())
