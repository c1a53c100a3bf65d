// Command fray-serve is `fray serve`: it shows players the fight over SSH
// (package serve). It is an executable of its own so that fray, the
// tracker the game master keeps open, does not carry the SSH server: its
// libraries (x/crypto/ssh, wish, net, x509…) were a third of the packages
// linked into fray, and what is linked is resident (docs/performance.md).
// `fray serve ARGS` runs fray-serve with the same words, which it takes
// with or without the word serve first: `fray-serve FILE --listen ADDR`
// is `fray serve FILE --listen ADDR`.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/charmbracelet/ssh"

	"fray/internal/cmdline"
	"fray/rules"
	"fray/rules/systems"
	"fray/saves"
	"fray/serve"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is the whole program short of exiting, as fray's run is: it parses
// args and returns the exit status (0 fine, 1 failed, 2 bad usage).
func run(args []string, stdout, stderr io.Writer) int {
	out, errOut := cmdline.NewPrintable(stdout), cmdline.NewPrintable(stderr)
	defer out.Flush()
	defer errOut.Flush()
	reg := systems.Default()
	inv, err := cmdline.ParseAs(cmdline.CmdServe, args)
	if err != nil {
		return cmdline.ReportUsage(errOut, cmdline.NamingChoices(err, reg))
	}
	if inv.Has("help") {
		cmdline.PrintUsage(out)
		return 0
	}
	return serveFile(out, errOut, reg, inv.Args[0], inv.Flags)
}

// serveStop lets a test stop the server as ctrl+c would.
var serveStop = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
}

// serveFile serves FILE (arg) to players over SSH until stopped.
func serveFile(stdout, stderr io.Writer, reg *rules.Registry, arg string, flags map[string]string) int {
	path, err := cmdline.ExistingPath(arg)
	if err != nil {
		return cmdline.UsageOr(stderr, err)
	}
	if _, _, err := saves.Load(path, reg); err != nil {
		return cmdline.FailLoad(stderr, err)
	}
	dir, err := saves.EnsureDir()
	if err != nil {
		return cmdline.Fail(stderr, err)
	}
	addr := flags["listen"]
	if addr == "" {
		addr = serve.DefaultAddr
	}
	if err := checkListen(addr); err != nil {
		return cmdline.ReportUsage(stderr, err)
	}
	cfg := serve.Config{Path: path, Registry: reg, HostKeyPath: filepath.Join(dir, serve.HostKeyName),
		Password: flags["password"], AuthorizedKeys: flags["authorized-keys"], Log: stderr}
	if _, ok := flags["password"]; ok && cfg.Password == "" {
		return cmdline.ReportUsage(stderr, cmdline.Usagef("--password needs a password"))
	}
	srv, err := serve.New(cfg)
	if err != nil {
		return cmdline.Fail(stderr, err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return cmdline.Fail(stderr, fmt.Errorf("cannot listen on %s: %w", addr, err))
	}
	cmdline.Sayf(stdout, "showing %s to players over SSH on %s", path, ln.Addr())
	fmt.Fprintf(stdout, "  players connect with: %s\n", sshHint(ln.Addr(), networkHosts()))
	switch {
	case cfg.Password != "" && cfg.AuthorizedKeys != "":
		fmt.Fprintf(stdout, "  they need the password, or a key in %s\n", cfg.AuthorizedKeys)
	case cfg.Password != "":
		fmt.Fprintln(stdout, "  they need the password")
	case cfg.AuthorizedKeys != "":
		fmt.Fprintf(stdout, "  they need a key in %s\n", cfg.AuthorizedKeys)
	default:
		fmt.Fprintln(stdout, "  anyone who can reach the port may watch (nobody can change anything)")
	}
	if tcp, ok := ln.Addr().(*net.TCPAddr); ok && tcp.IP.IsLoopback() {
		fmt.Fprintf(stdout, "  only this computer can connect: --listen 0.0.0.0:%d lets the table's devices in\n", tcp.Port)
	}
	fmt.Fprintln(stdout, "  ctrl+c stops")
	ctx, stop := serveStop()
	defer stop()
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	if err := srv.Serve(ln); err != nil && !errors.Is(err, ssh.ErrServerClosed) {
		return cmdline.Fail(stderr, err)
	}
	return 0
}

// sshHint is the command a player types to connect to addr. Listening on
// every address, it names the first of hosts (this computer's addresses
// on the network, networkHosts) and the others after it, or THIS-COMPUTER
// when none is known.
func sshHint(addr net.Addr, hosts []string) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "ssh " + addr.String()
	}
	others := ""
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "THIS-COMPUTER" // any address of this machine
		if len(hosts) > 0 {
			host = hosts[0]
		}
		if len(hosts) > 1 {
			others = " (or " + strings.Join(hosts[1:], ", ") + ")"
		}
	}
	if port == "22" {
		return "ssh " + host + others
	}
	return "ssh -p " + port + " " + host + others
}

// networkHosts are the addresses the table's devices may reach this
// computer at: IPv4 addresses of its interfaces that are up, leaving out
// loopback and link-local ones (and IPv6, which few table devices type).
func networkHosts() []string {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var hosts []string
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok {
				continue
			}
			if ip := n.IP.To4(); ip != nil && !ip.IsLoopback() && !ip.IsLinkLocalUnicast() {
				hosts = append(hosts, ip.String())
			}
		}
	}
	return hosts
}

// checkListen refuses a --listen that is no address at all, a mistake in
// the command line rather than an address that cannot be had (a port in
// use), which net.Listen reports.
func checkListen(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err == nil {
		if n, perr := strconv.Atoi(port); perr != nil || n < 0 || n > 65535 {
			err = fmt.Errorf("no port %q", port)
		}
	}
	if err != nil {
		return cmdline.Usagef("--listen takes HOST:PORT, such as 0.0.0.0:2222 (every address of this computer) or 127.0.0.1:2222 (this computer alone), not %q", addr)
	}
	return nil
}
