#!/usr/bin/python3
"""The explorer's pages in Chromium at a desk's width (1280 px) and a phone's (390 px), driven
by Selenium.

Pairs through a one-time link, then at each width: types a query that does not parse and
waits for its diagnostic, types one that does and waits for its live count, runs it, explains
it, draws a graph with the builder's form, and changes the dashboard's range. Prints one JSON object with what it saw; the
Swift test (ExplorerBrowserTests) compares it with `dispatch query --count` and
`dispatch graph --json`, and the dashboard's figures with `dispatch dashboard` for the same
range. Screenshots go to --artifacts.
"""
import argparse
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

STARTED = time.monotonic()


def step(name):
    """Logs a step with the seconds since start to stderr, so a slow run says where."""
    print(f"{time.monotonic() - STARTED:7.1f} s  {name}", file=sys.stderr, flush=True)


def browser(phone):
    """Chromium at a desk's 1280 px, or as a 390 x 844 phone (touch, device pixels)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--window-size=1280,900"):
        options.add_argument(argument)
    if phone:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 3, "touch": True}})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(90)
    driver.set_script_timeout(60)
    return driver


def wait(driver, condition, seconds=60):
    # Generous: on a loaded two-core machine Chromium can be ten times slower than alone.
    try:
        return WebDriverWait(driver, seconds, poll_frequency=0.2).until(condition)
    except TimeoutException:
        # Say what the page showed instead.
        step(f"timed out on {driver.current_url}: "
             + driver.find_element(By.TAG_NAME, "body").text[-600:])
        raise


def status(driver):
    return driver.find_element(By.ID, "query-status").text


def explore(driver, base, query, month, width, artifacts):
    seen = {}
    driver.get(base + "/query")
    box = driver.find_element(By.ID, "q")
    box.send_keys("moood where rating <= 4")
    wait(driver, lambda d: "did you mean" in status(d))
    seen["typoStatus"] = status(driver)
    seen["typoDiagnostic"] = driver.find_element(By.ID, "diagnostic").text
    box.clear()
    box.send_keys(query)
    wait(driver, lambda d: status(d).endswith(" match") or status(d).endswith(" matches"))
    seen["liveStatus"] = status(driver)
    driver.save_screenshot(os.path.join(artifacts, f"query-live-{width}.png"))
    box.send_keys(Keys.ENTER)
    wait(driver, lambda d: d.find_elements(By.ID, "count"))
    seen["count"] = driver.find_element(By.ID, "count").text
    seen["rows"] = len(driver.find_elements(By.CSS_SELECTOR, ".results tbody tr"))
    seen["scrollWidth"] = driver.execute_script("return document.documentElement.scrollWidth")
    seen["clientWidth"] = driver.execute_script("return document.documentElement.clientWidth")
    seen["wider"] = driver.execute_script("""
        return Array.from(document.querySelectorAll('body *'))
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1
            && !e.closest('.table-wrap'))
          .map((e) => e.tagName + '.' + e.className);""")
    driver.save_screenshot(os.path.join(artifacts, f"query-{width}.png"))
    driver.find_element(By.XPATH, "//button[normalize-space()='Explain']").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "section.explain"))
    seen["explain"] = driver.find_element(By.CSS_SELECTOR, "section.explain p").text

    driver.get(base + "/graph")
    driver.find_element(By.ID, "g-q").send_keys("mood")
    Select(driver.find_element(By.ID, "g-per")).select_by_value("week")
    driver.find_element(By.XPATH, "//button[normalize-space()='Draw']").click()
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#chart svg"))
    seen["command"] = driver.find_element(By.CSS_SELECTOR, ".command code").text
    details = driver.find_element(By.CSS_SELECTOR, "details.points")
    details.find_element(By.TAG_NAME, "summary").click()
    seen["points"] = [
        [cell.text for cell in row.find_elements(By.TAG_NAME, "td")]
        for row in details.find_elements(By.CSS_SELECTOR, "tbody tr")]
    seen["chartWidth"] = driver.execute_script(
        "return document.querySelector('#chart svg').getBoundingClientRect().width")
    # A tap (a click) on the first point shows its value under the chart.
    driver.execute_script("""
        document.querySelector('#chart circle[data-value]')
          .dispatchEvent(new MouseEvent('click', {bubbles: true}));""")
    seen["pointValue"] = driver.find_element(By.ID, "chart-value").text
    driver.save_screenshot(os.path.join(artifacts, f"graph-{width}.png"))
    seen["dashboard"] = dashboard(driver, base, month, width, artifacts)
    seen["browse"] = browse(driver, base, width, artifacts)
    return seen


def browse(driver, base, width, artifacts):
    """The newest day's reports and a search: what they show, and that nothing is wider than
    the window."""
    seen = {}
    for name, path in (("day", "/day"), ("search", "/search?q=oat%20milk"),
                       ("people", "/people"), ("places", "/places")):
        driver.get(base + path)
        wait(driver, lambda d: d.find_elements(By.TAG_NAME, "h1"))
        seen[name] = {
            "reports": len(driver.find_elements(By.CSS_SELECTOR, "article.report")),
            "marks": len(driver.find_elements(By.TAG_NAME, "mark")),
            "links": len(driver.find_elements(By.CSS_SELECTOR, "main a[href^='/query?q=']")),
            "wider": driver.execute_script(
                "return document.documentElement.scrollWidth"
                " > document.documentElement.clientWidth"),
        }
        driver.save_screenshot(os.path.join(artifacts, f"browse-{name}-{width}.png"))
    return seen


def figures(driver):
    """The dashboard's lede and the values of its strip of figures."""
    return {
        "lede": driver.find_element(By.ID, "dashboard-lede").text,
        "strip": [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#dashboard .strip strong")],
    }


def dashboard(driver, base, month, width, artifacts):
    """Opens the dashboard, changes its range with the "Last 90 days" link, then with the
    month form, and reads the figures each time."""
    seen = {}
    driver.get(base + "/dashboard")
    wait(driver, lambda d: d.find_elements(By.ID, "dashboard-lede"))
    driver.find_element(By.LINK_TEXT, "Last 90 days").click()
    wait(driver, lambda d: "range=90d" in d.current_url and d.find_elements(By.ID, "dashboard-lede"))
    seen["90d"] = figures(driver)
    driver.save_screenshot(os.path.join(artifacts, f"dashboard-90d-{width}.png"))
    field = driver.find_element(By.ID, "d-month")
    # A month field is typed differently in every browser; setting its value is the same.
    driver.execute_script("arguments[0].value = arguments[1]", field, month)
    driver.find_element(By.CSS_SELECTOR, "#month-form button").click()
    wait(driver, lambda d: "range=month" in d.current_url
         and d.find_elements(By.ID, "dashboard-lede"))
    seen["month"] = figures(driver)
    seen["scrollWidth"] = driver.execute_script("return document.documentElement.scrollWidth")
    seen["clientWidth"] = driver.execute_script("return document.documentElement.clientWidth")
    driver.save_screenshot(os.path.join(artifacts, f"dashboard-month-{width}.png"))
    return seen


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pair-url", required=True)
    parser.add_argument("--query", required=True)
    parser.add_argument("--month", required=True)
    parser.add_argument("--artifacts", required=True)
    args = parser.parse_args()
    os.makedirs(args.artifacts, exist_ok=True)
    base = args.pair_url.split("/pair/")[0]
    seen = {"console": []}
    step("starting Chromium at 1280 px")
    desk = browser(phone=False)
    phone = None
    try:
        step("pairing")
        desk.get(args.pair_url)
        desk.find_element(By.XPATH, "//button[normalize-space()='Pair this browser']").click()
        wait(desk, lambda d: d.find_elements(By.ID, "survey"))
        step("starting Chromium as a 390 px phone")
        phone = browser(phone=True)
        # The same session: a pairing link works once, so the phone gets the desk's cookie.
        phone.get(base + "/icon.svg")
        for cookie in desk.get_cookies():
            phone.add_cookie({"name": cookie["name"], "value": cookie["value"], "path": "/"})
        for width, driver in ((1280, desk), (390, phone)):
            step(f"exploring at {width} px")
            seen[str(width)] = explore(
                driver, base, args.query, args.month, width, args.artifacts)
            seen["console"] += [entry["message"] for entry in driver.get_log("browser")
                                if entry["level"] == "SEVERE"
                                and "status of 400" not in entry["message"]]
    finally:
        desk.quit()
        if phone:
            phone.quit()
    step("done")
    print(json.dumps(seen))


if __name__ == "__main__":
    sys.exit(main())
